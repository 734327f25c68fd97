import type { SearchDb } from './tables.ts';

/** Slots per second of post time: upstream times have whole seconds, and 2^20 slots keep ids below 2^53 until the 23rd century. */
const SLOTS = 2 ** 20;
const MAX_SECOND = Math.floor(Number.MAX_SAFE_INTEGER / SLOTS) - 1;

export const secondOf = (iso: string) => Math.min(MAX_SECOND, Math.max(0, Math.floor(Date.parse(iso) / 1000) || 0));
/** The first id a post of that time can have: a date filter is a range of ids. */
export const firstIdAt = (iso: string) => secondOf(iso) * SLOTS;

/**
 * Ids that sort as the posts' times do (second × 2^20 + a free slot), so newest-first is the order both
 * full-text indexes already keep their matches in (FTS5 by rowid, the primary key on PostgreSQL): a common
 * word's newest 20 of 30,000 matches are read, not sorted. Called with the index's write lock held, so two
 * writers never pick the same slot.
 */
export async function timeOrderedIds(trx: SearchDb, createdAt: readonly string[]): Promise<number[]> {
  const seconds = [...new Set(createdAt.map(secondOf))];
  const taken = new Set<number>();
  for (const second of seconds) {
    const rows = await trx.selectFrom('archive_posts').select('id').where('id', '>=', second * SLOTS).where('id', '<', (second + 1) * SLOTS).execute();
    for (const row of rows) taken.add(Number(row.id));
  }
  return createdAt.map((iso) => {
    let id = secondOf(iso) * SLOTS;
    while (taken.has(id)) id += 1;
    taken.add(id);
    return id;
  });
}
