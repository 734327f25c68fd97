import type { Charged, ErrorKind } from '../contract/error-kinds';

/** Every failure the UI can meet, typed so each can get its own message and retry policy. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | null;
  /** Seconds the upstream asked us to wait, from Retry-After. */
  readonly retryAfter: number | null;
  /** What the proxy knows of the charge; null when the proxy was never reached. */
  readonly charged: Charged | null;
  /** The upstream itself answered with this failure; false for creditscope's own refusals (checks, limits). */
  readonly upstreamAnswered: boolean;

  constructor(
    kind: ErrorKind,
    message: string,
    options: {
      status?: number | null;
      retryAfter?: number | null;
      charged?: Charged | null;
      upstreamAnswered?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfter = options.retryAfter ?? null;
    this.charged = options.charged ?? null;
    this.upstreamAnswered = options.upstreamAnswered ?? false;
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
