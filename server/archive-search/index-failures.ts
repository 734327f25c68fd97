/** How long a page the store refused waits before each next try; after the last, the indexer gives it up. */
export const RETRY_AFTER_MS = [10_000, 60_000, 600_000] as const;

export interface IndexFailuresOptions {
  retryAfterMs?: readonly number[];
  log?: (message: string) => void;
  now?: () => number;
}

interface Refused {
  purchaseId: string;
  tries: number;
  /** When it may be tried again: Infinity once given up. */
  retryAt: number;
}

/**
 * A refusal of the page's own rows, which trying again never cures: bad bytes or values (PostgreSQL's class 22),
 * a broken constraint (23), a limit such as a tsvector past 1 MB (54), or SQLite's own codes for these. Anything
 * else (the store stopped, busy or full) is the store's, and the page is tried again as it is.
 */
export function pageAtFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return /^(22|23|54)...$/.test(code) || /^SQLITE_(CONSTRAINT|TOOBIG|MISMATCH|RANGE)/.test(code);
}

/**
 * The pages the archive indexer could not write, by page key. A page the store refuses is said once, tried
 * again later and later (RETRY_AFTER_MS), and given up after the last try, so it never holds up the pages
 * bought after it nor is retried on every find. A page bought again is a new purchase, and tried afresh.
 * A store that cannot take writes at all is said once until a page is written again.
 */
export class IndexFailures {
  private readonly refused = new Map<string, Refused>();
  private readonly retryAfterMs: readonly number[];
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  private storeDown = false;

  constructor(options: IndexFailuresOptions = {}) {
    this.retryAfterMs = options.retryAfterMs ?? RETRY_AFTER_MS;
    this.log = options.log ?? ((message) => console.error(`creditscope: ${message}`));
    this.now = options.now ?? Date.now;
  }

  /** Whether a refused page waits for a next try: a catch-up must look at the archive again then. */
  get retrying(): boolean {
    for (const refused of this.refused.values()) if (refused.retryAt !== Infinity) return true;
    return false;
  }

  /** Whether this purchase of the page is to be left alone for now (or for good). */
  waiting(pageKey: string, purchaseId: string): boolean {
    const refused = this.refused.get(pageKey);
    return refused?.purchaseId === purchaseId && refused.retryAt > this.now();
  }

  /** The page is written: whatever was refused of it is forgotten, and the store is up. */
  written(pageKey: string) {
    this.refused.delete(pageKey);
    this.storeDown = false;
  }

  /** The store refused this page's rows. */
  pageRefused(pageKey: string, purchaseId: string, error: unknown) {
    const before = this.refused.get(pageKey);
    const tries = before?.purchaseId === purchaseId ? before.tries + 1 : 1;
    const delay = this.retryAfterMs[tries - 1];
    this.refused.set(pageKey, { purchaseId, tries, retryAt: delay === undefined ? Infinity : this.now() + delay });
    const why = (error as Error).message;
    if (tries === 1)
      this.log(
        `the archive indexer could not index page "${pageKey}" (purchase ${purchaseId}): ${why}. Find does not show its posts; it is tried ${this.retryAfterMs.length} more times, ${this.retryAfterMs.map((ms) => `${ms / 1000} s`).join(', ')} apart`,
      );
    else if (delay === undefined)
      this.log(
        `the archive indexer gives up page "${pageKey}" (purchase ${purchaseId}) after ${tries} tries: ${why}. Buying the page again indexes it afresh`,
      );
  }

  /** The store took no write at all: said once until a page is written again. */
  storeFailed(error: unknown) {
    if (!this.storeDown)
      this.log(
        `the archive indexer cannot write to the store (${(error as Error).message}): the pages bought since are indexed once it can`,
      );
    this.storeDown = true;
  }
}
