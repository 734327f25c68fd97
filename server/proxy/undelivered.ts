import type { ServerResponse } from 'node:http';

/** How long a bought page that never reached the browser is kept for it. */
const KEEP_MS = 15 * 60 * 1000;
const CAPACITY = 200;

export interface Undelivered { status: number; text: string; headers: Record<string, string>; at: number }

/**
 * Pages the upstream answered (and charged for) while the browser had already gone: a tab that
 * navigates or closes mid-request. The next identical request gets the page it paid for instead
 * of buying it again. Only undelivered answers are kept, so an explicit Refresh still buys anew.
 */
export class UndeliveredStore {
  private readonly entries = new Map<string, Undelivered>();

  static key(operation: string, params: Record<string, unknown>): string {
    return `${operation} ${JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))}`;
  }

  /** Sends the answer, and keeps it when the browser is no longer there to receive it. */
  deliver(key: string, response: ServerResponse, answer: Omit<Undelivered, 'at'>) {
    const keep = () => {
      this.entries.set(key, { ...answer, at: Date.now() });
      if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    };
    if (response.destroyed) return keep();
    response.once('close', () => { if (!response.writableFinished) keep(); });
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...answer.headers });
    response.end(answer.text);
  }

  take(key: string): Undelivered | undefined {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry && Date.now() - entry.at < KEEP_MS ? entry : undefined;
  }
}
