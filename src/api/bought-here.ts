/**
 * The paid calls this document bought, by ledger id: their pages say "paid" and what they cost; any other
 * page in the cache (kept from an earlier visit, or an answer replayed from the purchase journal) cost
 * nothing now. Counted by id rather than by comparing when a page was bought with when the document opened:
 * a page the server rendered is stamped with the server's clock, and a browser's clock can be hours off.
 */
const boughtHere = new Set<string>();

/** Called as each paid answer arrives (src/api/client.ts readApiResponse). */
export function markBoughtHere(callId: string) {
  // On the server the set would only grow: what a request renders was bought, or archived, for it alone.
  if (typeof window !== 'undefined') boughtHere.add(callId);
}

export function wasBoughtHere(page: { callId: string | null; boughtAt: number; fromArchive?: boolean }): boolean {
  if (page.fromArchive) return false;
  if (typeof window === 'undefined') return true;
  // An answer without a ledger id (a stand-in or an older proxy): only the clock can tell.
  return page.callId === null ? page.boughtAt >= performance.timeOrigin : boughtHere.has(page.callId);
}
