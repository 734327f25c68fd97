import { FROM_ARCHIVE, HEADER } from '../contract/headers';
import { isCharged, isErrorKind, kindForStatus } from '../contract/error-kinds';
import { ApiError } from './errors';
import { SIGN_IN_REQUIRED, signInRequired } from './auth/sign-in-required';
import type { PaidResponse } from '../contract/render';

export type { PaidResponse };

/** Sent on every call; the proxy refuses /api requests without it (a cross-site page cannot add it). */
export const CLIENT_HEADER = { [HEADER.client]: '1' } as const;

/** Asks the proxy to buy a page again even though its archive holds a fresh copy (an explicit, priced re-buy). */
export const REFRESH_HEADER = { [HEADER.refresh]: '1' } as const;

type PaidCallListener = (call: { callId: string | null; credits: string; ok: boolean }) => void;
const paidCallListeners = new Set<PaidCallListener>();

/**
 * Paid responses read before anything listened (the answer a server-rendered page inlined, read before the
 * app mounts): told to the first listener, so the meter and the other tabs hear of that purchase too.
 */
let unheard: Parameters<PaidCallListener>[0][] = [];

/** Lets the meter update the moment any paid response arrives, without the API layer knowing about it. */
export function onPaidCall(listener: PaidCallListener): () => void {
  paidCallListeners.add(listener);
  const missed = unheard;
  unheard = [];
  for (const call of missed) listener(call);
  return () => paidCallListeners.delete(listener);
}

/** Tells the meter (and through it the other tabs) of a paid response: read here, or bought by the server for this page. */
export function tellPaidCall(call: Parameters<PaidCallListener>[0]) {
  if (paidCallListeners.size === 0) unheard = [...unheard.slice(-9), call];
  for (const listener of paidCallListeners) listener(call);
}

function errorFrom(status: number, body: unknown, headers: Headers): ApiError {
  const error = (
    body as {
      error?: {
        kind?: unknown;
        message?: unknown;
        retryAfter?: unknown;
        charged?: unknown;
        upstreamAnswered?: unknown;
      };
    } | null
  )?.error;
  const retryAfterHeader = headers.get('retry-after');
  const retryHeader = retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : null;
  const retryAfter = typeof error?.retryAfter === 'number' ? error.retryAfter : retryHeader;
  const chargedText = typeof error?.charged === 'string' ? error.charged : headers.get(HEADER.charged);
  const charged = isCharged(chargedText) ? chargedText : null;
  // Any /api request without a session or key where people sign in (#28): to the sign-in page, then back.
  if (error?.kind === SIGN_IN_REQUIRED) signInRequired();
  if (error && isErrorKind(error.kind) && typeof error.message === 'string') {
    const upstreamAnswered = error.upstreamAnswered === true;
    return new ApiError(error.kind, error.message, { status, retryAfter, charged, upstreamAnswered });
  }
  return new ApiError(kindForStatus(status), `HTTP ${status} from the creditscope server`, {
    status,
    retryAfter,
    charged,
  });
}

export type ApiInit = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Starts a request to the proxy. Paid requests go through `purchase/purchaser.ts`, which never passes a signal. */
export function sendApiRequest(path: string, init: ApiInit = {}): Promise<Response> {
  return fetch(path, {
    method: init.method ?? 'GET',
    signal: init.signal,
    // The session cookie of a signed-in person (#28); same-origin only, as every /api request is.
    credentials: 'same-origin',
    headers: {
      ...init.headers,
      ...CLIENT_HEADER,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}

/** Every failure becomes an ApiError; the body is returned unparsed for a schema. */
export async function readApiResponse(pending: Promise<Response>): Promise<PaidResponse> {
  let response: Response;
  try {
    response = await pending;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('network', 'The creditscope server did not answer. Is it still running?');
  }
  const callId = response.headers.get(HEADER.callId);
  const credits = response.headers.get(HEADER.credits) ?? '0';
  const boughtAt = boughtAtHeader(response);
  // An archive answer without a readable time is still free; "now" at least never claims it was bought earlier than it was.
  const archived = response.headers.get(HEADER.source) === FROM_ARCHIVE ? (boughtAt ?? Date.now()) : null;
  const text = await response.text().catch(() => '');
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* judged below */
  }
  // A budget refusal buys nothing but means the meter is out of date (the limit may have changed in another tab).
  // An archive answer names the old purchase but spent nothing: the ledger did not change.
  if ((callId && archived === null) || response.status === 402) tellPaidCall({ callId, credits, ok: response.ok });

  if (!response.ok) throw errorFrom(response.status, json, response.headers);
  if (json === undefined)
    throw new ApiError('invalid_response', 'The response was not valid JSON', {
      status: response.status,
      charged: callId ? 'unknown' : null,
    });
  if ((json as { success?: unknown }).success === false) throw errorFrom(response.status, json, response.headers);
  return archived === null
    ? { json, callId, credits, ...(boughtAt === null ? {} : { boughtAt }) }
    : { json, callId, credits: '0', boughtAt: archived, fromArchive: true };
}

/** When this answer was bought (ms, by the server's clock): an archived one, or the one a server-rendered page inlined; else null. */
function boughtAtHeader(response: Response): number | null {
  const at = Date.parse(response.headers.get(HEADER.boughtAt) ?? '');
  return Number.isFinite(at) ? at : null;
}

/** For the free routes (`/api/_session`): these may be aborted, nothing is bought. */
export function apiFetch(path: string, init: ApiInit = {}): Promise<PaidResponse> {
  return readApiResponse(sendApiRequest(path, init));
}
