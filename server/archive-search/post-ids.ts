import { sql } from 'kysely';
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
 * word's newest 20 of 30,000 matches are read, not sorted. A new post takes the slot after the highest one
 * used in its second (one primary-key lookup, however many copies of that second's posts earlier pages
 * held: reading them all made indexing grow with the square of the pages), a batch's seconds in one
 * statement. Slots freed by a page bought again are not reused; 2^20 a second leaves room for that. Called with the index's write lock held, so
 * two writers never pick the same slot.
 */
export async function timeOrderedIds(trx: SearchDb, createdAt: readonly string[]): Promise<number[]> {
  const seconds = [...new Set(createdAt.map(secondOf))];
  const next = new Map<number, number>();
  // One statement for many seconds (each still one primary-key lookup): a statement per second cost the
  // indexer more than the posts' own inserts. At most 500 columns a statement (SQLite allows 2,000).
  for (let from = 0; from < seconds.length; from += 500) {
    const chunk = seconds.slice(from, from + 500);
    const highest = sql.join(
      chunk.map(
        (second, index) =>
          sql`(select max(id) from archive_posts where id >= ${second * SLOTS} and id < ${(second + 1) * SLOTS}) as ${sql.ref(`s${index}`)}`,
      ),
    );
    const { rows } = await sql<Record<string, number | string | null>>`select ${highest}`.execute(trx);
    chunk.forEach((second, index) => {
      const found = rows[0]?.[`s${index}`];
      next.set(second, found === null || found === undefined ? second * SLOTS : Number(found) + 1);
    });
  }
  return createdAt.map((iso) => {
    const second = secondOf(iso);
    const id = next.get(second)!;
    if (id >= (second + 1) * SLOTS)
      throw new Error(`more than ${SLOTS} archived posts dated ${iso}: no time-ordered id left for that second`);
    next.set(second, id + 1);
    return id;
  });
}
