export type ErrorKind = 'auth' | 'not_found' | 'rate_limited' | 'budget' | 'bad_request' | 'upstream' | 'network' | 'invalid_response';

export interface NormalisedError {
  success: false;
  error: { kind: ErrorKind; message: string; status: number; retryAfter?: number };
}

export function kindForStatus(status: number): ErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 402) return 'budget';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'upstream';
}

function textOf(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  const plain = (title ?? html).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.slice(0, 200);
}

/** Pulls a human message out of whatever an upstream sends on failure. */
export function upstreamMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const error = parsed?.error;
    const candidates = [
      typeof error === 'object' && error !== null ? (error as Record<string, unknown>).message : error,
      parsed?.message, parsed?.detail, parsed?.msg,
    ];
    const found = candidates.find((value) => typeof value === 'string' && value.trim());
    return found ? String(found).slice(0, 300) : null;
  } catch {
    return body.trim() ? textOf(body) : null;
  }
}

/** Retry-After in seconds, from either of its two HTTP forms. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export function normalisedError(status: number, kind: ErrorKind, message: string, retryAfter?: number): NormalisedError {
  return { success: false, error: { kind, message, status, ...(retryAfter !== undefined ? { retryAfter } : {}) } };
}

const DEFAULT_MESSAGES: Record<ErrorKind, string> = {
  auth: 'The upstream rejected the API token',
  not_found: 'Not found upstream',
  rate_limited: 'The upstream is rate limiting requests',
  budget: 'Credit budget reached',
  bad_request: 'The upstream rejected the request',
  upstream: 'The upstream failed',
  network: 'Could not reach the upstream',
  invalid_response: 'The upstream sent a response that could not be read',
};

export function fromUpstream(status: number, body: string, retryAfterHeader: string | null): NormalisedError {
  const kind = kindForStatus(status);
  const message = upstreamMessage(body) ?? `${DEFAULT_MESSAGES[kind]} (HTTP ${status})`;
  return normalisedError(status, kind, message, parseRetryAfter(retryAfterHeader));
}
