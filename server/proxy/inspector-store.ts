/** Raw exchanges kept for the request inspector; bounded so a long session cannot grow memory without limit. */
export interface Exchange {
  request: { method: string; path: string; params: Record<string, unknown>; body: unknown };
  status: number;
  durationMs: number;
  credits: string;
  responseText: string;
  /** The headers that matter of each attempt, in order (content type, rate limits, Retry-After); never Authorization. */
  attemptHeaders: Record<string, string>[];
}

/**
 * The last `capacity` exchanges, within `maxTextLength` characters of answers: a timeline page is ~100 KB, and 300
 * of them kept 30 MB alive, which under a burst of calls (each answer replacing the oldest) let the heap grow to
 * several times that (RSS at 5,000 calls: ~520 MB, against ~395 MB with 5 MB kept). An older call's answer is
 * rebuilt from the store (call-detail.ts).
 */
export class ExchangeStore {
  private readonly entries = new Map<string, Exchange>();
  private textLength = 0;
  constructor(
    private readonly capacity = 300,
    private readonly maxTextLength = 5_000_000,
  ) {}

  put(id: string, exchange: Exchange) {
    this.remove(id);
    this.entries.set(id, exchange);
    this.textLength += exchange.responseText.length;
    while (this.entries.size > this.capacity || (this.textLength > this.maxTextLength && this.entries.size > 1))
      this.remove(this.entries.keys().next().value!);
  }

  private remove(id: string) {
    const old = this.entries.get(id);
    if (!old) return;
    this.entries.delete(id);
    this.textLength -= old.responseText.length;
  }

  get(id: string) {
    return this.entries.get(id);
  }
}
