import type { Charged, ErrorKind } from './error-kinds';

/** Every failure the UI can meet, typed so each can get its own message and retry policy. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | null;
  /** Seconds the upstream asked us to wait, from Retry-After. */
  readonly retryAfter: number | null;
  /** What the proxy knows of the charge; null when the proxy was never reached. */
  readonly charged: Charged | null;

  constructor(kind: ErrorKind, message: string, options: { status?: number | null; retryAfter?: number | null; charged?: Charged | null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfter = options.retryAfter ?? null;
    this.charged = options.charged ?? null;
  }

  /**
   * Retried without asking only when the request never reached the creditscope server: the proxy
   * already retried what was safe upstream, and anything it answered may have cost credits. Even then
   * nothing is bought twice: a page the proxy bought for a browser that went away is handed over free.
   */
  get autoRetryable(): boolean {
    return this.kind === 'network' && this.status === null;
  }

  /** Trying again could help (a person decides, at a shown price): network, 5xx, 429. A 4xx never does. */
  get retryable(): boolean {
    if (this.kind === 'network' || this.kind === 'rate_limited') return true;
    return this.kind === 'upstream' && (this.status === null || this.status >= 500);
  }
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout', 429: 'Too Many Requests', 408: 'Request Timeout',
};

/** "503 Service Unavailable": the status a person can look up, never a neighbour's name for it. */
export function statusLabel(status: number | null): string {
  if (status === null) return '';
  return STATUS_TEXT[status] ? `${status} ${STATUS_TEXT[status]}` : `HTTP ${status}`;
}

/** Said on every failure that may have cost credits, so a retry is never a surprise. */
export function chargeNote(error: ApiError): string | null {
  if (error.charged === 'yes') return 'The upstream charged for this failed call.';
  if (error.charged === 'unknown') return 'The upstream may have charged for this call (no answer was read), so it was not retried automatically.';
  return null;
}

/** The sentence a person should read for an error, with what to do about it. */
export function describeError(error: unknown): { title: string; detail: string } {
  if (!(error instanceof ApiError)) return { title: 'Something went wrong', detail: error instanceof Error ? error.message : String(error) };
  switch (error.kind) {
    case 'auth':
      return error.status === 403 && error.message.startsWith('Refused')
        ? { title: 'Request refused by the proxy', detail: error.message }
        : { title: 'The API token is missing or was rejected', detail: `${error.message}. Set API_TOKEN (with API_BASE_URL) in the environment or in .env.local, then restart creditscope.` };
    case 'not_found': return { title: 'Not found', detail: error.message };
    case 'rate_limited':
      return { title: 'Rate limited by the upstream', detail: error.retryAfter !== null ? `${error.message}. It asks to wait ${error.retryAfter} s before trying again.` : `${error.message}. Wait a little before trying again.` };
    case 'budget': return { title: 'Credit budget reached', detail: error.message };
    case 'ledger': return { title: 'Not sent: the ledger could not be written', detail: error.message };
    case 'bad_request': return { title: 'The upstream rejected the request', detail: error.message };
    case 'network': return { title: 'Could not reach the server', detail: error.message };
    case 'invalid_response': {
      const note = chargeNote(error);
      return { title: 'The upstream sent data that could not be read', detail: note ? `${error.message}. ${note}` : error.message };
    }
    default: {
      const note = chargeNote(error);
      return { title: `The upstream failed${error.status ? ` (${statusLabel(error.status)})` : ''}`, detail: note ? `${error.message}. ${note}` : error.message };
    }
  }
}
