import { sql, type RawBuilder } from 'kysely';
import { firstIdAt } from './post-ids.ts';
import type { ArchivePostKind } from './tables.ts';

export interface FindFilters {
  q: string;
  author?: string;
  from?: string;
  to?: string;
  media?: boolean;
  kind?: ArchivePostKind;
}

export interface FoundRow {
  id: number;
  kind: ArchivePostKind;
  post_id: string | null;
  author: string | null;
  shown_author: string | null;
  created_at: string;
  has_media: number;
  page_key: string;
  purchase_id: string;
  bought_at: string;
  operation: string;
  subject: string;
  /** Who bought the page it was found on (#28); null where nobody signs in. */
  person: string | null;
  position: number;
  text: string;
  /** The post's or result's own upstream JSON (null: indexed before it was kept, see cards.ts). */
  item: string | null;
  snippet: string | null;
}

/** A page of rows (one more than asked: whether there is a next page) and, on the first page, the bounded count. */
export interface Matched {
  rows: FoundRow[];
  total: number;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
// Who bought the page (#28) is its purchase's, and a card its item's: primary-key reads per row of the page shown.
export const COLUMNS = sql`p.id, p.kind, p.post_id, p.author, p.shown_author, p.created_at, p.has_media, p.page_key, p.purchase_id, p.bought_at, p.operation, p.subject, p.position, p.text, (select i.item from archive_post_items i where i.id = p.id) as item, (select b.person from purchases b where b.id = p.purchase_id) as person`;

/** Dates as a range of `id`, the column each index returns its matches in (FTS5's rowid on SQLite). */
export function idRange(filters: FindFilters, id: RawBuilder<unknown>): RawBuilder<unknown>[] {
  return [
    ...(filters.from ? [sql`${id} >= ${firstIdAt(`${filters.from}T00:00:00.000Z`)}`] : []),
    ...(filters.to ? [sql`${id} < ${firstIdAt(nextDay(filters.to))}`] : []),
  ];
}

/** What each row must be, beyond its words and its place in time. */
export function rowConditions(filters: FindFilters): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  const author = filters.author?.toLowerCase();
  if (author) where.push(sql`(p.author = ${author} or p.shown_author = ${author})`);
  if (filters.media) where.push(sql`p.has_media = 1`);
  if (filters.kind) where.push(sql`p.kind = ${filters.kind}`);
  return where;
}

export const and = (where: RawBuilder<unknown>[]) => (where.length ? sql.join(where, sql` and `) : sql`1 = 1`);
