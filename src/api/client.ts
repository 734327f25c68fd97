import { ApiError, isApiErrorKind } from './errors';

/** Sent on every call; the proxy refuses /api requests without it (a cross-site page cannot add it). */
const CLIENT_HEADER = { 'x-creditscope-client': '1' };

export interface PaidResponse {
  json: unknown;
  /** Ledger id of the call, for the request inspector. */
  callId: string | null;
  /** Exact decimal the proxy recorded for this call. */
  credits: string;
}

type PaidCallListener = (call: { callId: string | null; credits: string; ok: boolean }) => void;
const paidCallListeners = new Set<PaidCallListener>();

/** Lets the meter update the moment any paid response arrives, without the API layer knowing about it. */
export function onPaidCall(listener: PaidCallListener): () => void {
  paidCallListeners.add(listener);
  return () => paidCallListeners.delete(listener);
}

function errorFrom(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const error = (body as { error?: { kind?: unknown; message?: unknown; retryAfter?: unknown } } | null)?.error;
  const retryHeader = retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : null;
  const retryAfter = typeof error?.retryAfter === 'number' ? error.retryAfter : retryHeader;
  if (error && isApiErrorKind(error.kind) && typeof error.message === 'string') {
    return new ApiError(error.kind, error.message, { status, retryAfter });
  }
  const kind = status === 401 || status === 403 ? 'auth' : status === 404 ? 'not_found' : status === 429 ? 'rate_limited' : status === 402 ? 'budget' : status < 500 ? 'bad_request' : 'upstream';
  return new ApiError(kind, `HTTP ${status} from the creditscope server`, { status, retryAfter });
}

declare global {
  interface Window { __creditscopeEarly?: { path: string; response: Promise<Response> } }
}

/**
 * index.html starts the first timeline page before the bundle has loaded (it only does so when
 * that page is not already bought). The request is handed over once, to the call for the same path.
 */
function takeEarlyResponse(path: string): Promise<Response> | null {
  const early = window.__creditscopeEarly;
  if (!early || early.path !== path) return null;
  window.__creditscopeEarly = undefined;
  return early.response;
}

/** The one fetch in the app. Every failure becomes an ApiError; the body is returned unparsed for a schema. */
export async function apiFetch(path: string, init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; signal?: AbortSignal } = {}): Promise<PaidResponse> {
  let response: Response;
  try {
    response = await (takeEarlyResponse(path) ?? fetch(path, {
      method: init.method ?? 'GET',
      signal: init.signal,
      credentials: 'omit',
      headers: { ...CLIENT_HEADER, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('network', 'The creditscope server did not answer. Is it still running?');
  }
  const callId = response.headers.get('x-creditscope-call-id');
  const credits = response.headers.get('x-creditscope-credits') ?? '0';
  const text = await response.text().catch(() => '');
  let json: unknown = undefined;
  try { json = text ? JSON.parse(text) : undefined; } catch { /* judged below */ }
  // A budget refusal buys nothing but means the meter is out of date (the limit may have changed in another tab).
  if (callId || response.status === 402) for (const listener of paidCallListeners) listener({ callId, credits, ok: response.ok });

  if (!response.ok) throw errorFrom(response.status, json, response.headers.get('retry-after'));
  if (json === undefined) throw new ApiError('invalid_response', 'The response was not valid JSON', { status: response.status });
  if ((json as { success?: unknown }).success === false) throw errorFrom(response.status, json, null);
  return { json, callId, credits };
}
