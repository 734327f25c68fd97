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

export class ExchangeStore {
  private readonly entries = new Map<string, Exchange>();
  constructor(private readonly capacity = 300) {}

  put(id: string, exchange: Exchange) {
    this.entries.set(id, exchange);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get(id: string) { return this.entries.get(id); }
}
