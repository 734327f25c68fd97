import type { ServerResponse } from 'node:http';

/** One answer to a purchase, shared by everyone who asked for that page. */
export interface Answer { status: number; text: string; headers: Record<string, string>; keep: boolean }

/** How long a bought page that never reached the browser is kept for it. */
const KEEP_MS = 15 * 60 * 1000;
const CAPACITY = 200;

/**
 * Pages the upstream answered (and charged for) while the browser had already gone: a tab that
 * navigates or closes mid-request. The next identical request (same purchase key) gets the page
 * it paid for instead of buying it again. Only undelivered answers are kept, so an explicit
 * Refresh still buys anew.
 */
export class UndeliveredStore {
  private readonly entries = new Map<string, Answer & { at: number }>();

  keep(key: string, answer: Answer) {
    this.entries.set(key, { ...answer, at: Date.now() });
    if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
  }

  take(key: string): Answer | undefined {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry && Date.now() - entry.at < KEEP_MS ? entry : undefined;
  }
}

/** Sends one answer to every asker; `unreceived` runs when none of them was still there to take it. */
export function deliver(responses: ServerResponse[], answer: Answer, unreceived: () => void) {
  let open = responses.length;
  let received = false;
  const closed = (response: ServerResponse) => {
    if (response.writableFinished) received = true;
    if (--open === 0 && !received && answer.keep) unreceived();
  };
  for (const response of responses) {
    if (response.destroyed) { closed(response); continue; }
    response.once('close', () => closed(response));
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...answer.headers });
    response.end(answer.text);
  }
}
