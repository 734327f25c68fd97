/**
 * The `x-creditscope-*` headers the browser and the proxy speak: one spelling for both sides (the server
 * imports this file, so it stays pure: no DOM, no Node). HTTP header names are case-insensitive; these are
 * lowercase because Node hands request headers over lowercased.
 */
export const HEADER = {
  /** Sent on every /api request from our pages; the proxy refuses one without it (a cross-site page cannot add it without a preflight we never grant). */
  client: 'x-creditscope-client',
  /** Sent by an explicit Refresh or Check for new posts (value `1`): buy the page again even if the archive holds a fresh copy. */
  refresh: 'x-creditscope-refresh',
  /** Sent (value `1`) to ask for the archive's free copy only: never bought; 404 with nothing charged when there is none to serve now. */
  archivedOnly: 'x-creditscope-archived-only',
  /** On every paid answer and every error: whether the upstream charged (`yes`, `no`, `unknown`), readable before the body is parsed. */
  charged: 'x-creditscope-charged',
  /** The ledger row of the call that bought the answer (for an archived page, its original purchase). */
  callId: 'x-creditscope-call-id',
  /** Exact decimal this answer cost its asker (`0` from the archive). */
  credits: 'x-creditscope-credits',
  /** `archive` on a page served free from the archive; absent on an answer bought now. */
  source: 'x-creditscope-source',
  /** When an archived page was bought (ISO 8601), or the moment a server-rendered page was bought at. */
  boughtAt: 'x-creditscope-bought-at',
} as const;

export type HeaderName = (typeof HEADER)[keyof typeof HEADER];

/** The value of `x-creditscope-source` on a page served from the archive. */
export const FROM_ARCHIVE = 'archive';
