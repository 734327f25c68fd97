export type ApiErrorKind =
  | 'auth' | 'not_found' | 'rate_limited' | 'budget' | 'bad_request' | 'upstream' | 'network' | 'invalid_response';

/** Every failure the UI can meet, typed so each can get its own message and retry policy. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  /** Seconds the upstream asked us to wait, from Retry-After. */
  readonly retryAfter: number | null;

  constructor(kind: ApiErrorKind, message: string, options: { status?: number | null; retryAfter?: number | null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfter = options.retryAfter ?? null;
  }

  /** Only failures that may succeed if tried again unchanged: network, 5xx, 429. A 4xx never is. */
  get retryable(): boolean {
    if (this.kind === 'network' || this.kind === 'rate_limited') return true;
    return this.kind === 'upstream' && (this.status === null || this.status >= 500);
  }
}

const KINDS: ApiErrorKind[] = ['auth', 'not_found', 'rate_limited', 'budget', 'bad_request', 'upstream', 'network', 'invalid_response'];

export function isApiErrorKind(value: unknown): value is ApiErrorKind {
  return typeof value === 'string' && (KINDS as string[]).includes(value);
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
    case 'bad_request': return { title: 'The upstream rejected the request', detail: error.message };
    case 'network': return { title: 'Could not reach the server', detail: error.message };
    case 'invalid_response': return { title: 'The upstream sent data that could not be read', detail: error.message };
    default: return { title: `The upstream failed${error.status ? ` (HTTP ${error.status})` : ''}`, detail: error.message };
  }
}
