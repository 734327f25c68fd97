import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../store/open.ts';
import { firstIdAt } from './post-ids.ts';
import type { ArchivePostKind } from './tables.ts';
import { fts5Query, plainSnippet, snippetRuns, tsQuery, wordsOf, type SnippetRun } from './terms.ts';

export interface FindFilters { q: string; author?: string; from?: string; to?: string; media?: boolean; kind?: ArchivePostKind }

export interface FoundRow {
  id: number; kind: ArchivePostKind; post_id: string | null; author: string | null; shown_author: string | null; created_at: string;
  has_media: number; page_key: string; purchase_id: string; bought_at: string; operation: string; subject: string; position: number; text: string;
  snippet: string | null;
}

/** `next` is the id to continue below: ids sort as post times do. */
export interface FoundPage { rows: (Omit<FoundRow, 'snippet'> & { snippet: SnippetRun[] })[]; next: number | null; total: number | null }

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
const COLUMNS = sql`p.id, p.kind, p.post_id, p.author, p.shown_author, p.created_at, p.has_media, p.page_key, p.purchase_id, p.bought_at, p.operation, p.subject, p.position, p.text`;

/** Conditions on `id`, the column each index returns its matches in (FTS5's rowid on SQLite). */
function conditions(filters: FindFilters, id: RawBuilder<unknown>): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  const author = filters.author?.toLowerCase();
  if (author) where.push(sql`(p.author = ${author} or p.shown_author = ${author})`);
  // Dates are id ranges, which FTS5 applies while it reads its matches.
  if (filters.from) where.push(sql`${id} >= ${firstIdAt(`${filters.from}T00:00:00.000Z`)}`);
  if (filters.to) where.push(sql`${id} < ${firstIdAt(nextDay(filters.to))}`);
  if (filters.media) where.push(sql`p.has_media = 1`);
  if (filters.kind) where.push(sql`p.kind = ${filters.kind}`);
  return where;
}

const and = (where: RawBuilder<unknown>[]) => (where.length ? sql.join(where, sql` and `) : sql`1 = 1`);

/**
 * One page of what matches, newest post first, and on the first page how many match in all. SQLite matches
 * through FTS5 and cuts the snippet there; PostgreSQL matches the tsvector's GIN index and highlights only the
 * page's rows (ts_headline reads each text again, so never for every match).
 */
export async function findPosts(db: Db, filters: FindFilters, below: number | null, limit: number): Promise<FoundPage> {
  const words = wordsOf(filters.q);
  if (filters.q.trim() && words.length === 0) return { rows: [], next: null, total: 0 };
  const fts = words.length > 0 && db.kind === 'sqlite';
  const id = fts ? sql`archive_posts_fts.rowid` : sql`p.id`;
  const text = words.length === 0 ? null : fts ? sql`archive_posts_fts match ${fts5Query(words)}` : sql`p.search @@ to_tsquery('simple', ${tsQuery(words)})`;
  const from = fts ? sql`archive_posts_fts join archive_posts p on p.id = archive_posts_fts.rowid` : sql`archive_posts p`;
  const all = [...(text ? [text] : []), ...conditions(filters, id)];
  const page = below === null ? all : [...all, sql`${id} < ${below}`];
  const snippet = fts ? sql`snippet(archive_posts_fts, 0, char(1), char(2), '…', 24)` : sql`null`;
  let query = sql<FoundRow>`select ${COLUMNS}, ${snippet} as snippet from ${from} where ${and(page)} order by ${id} desc limit ${limit + 1}`;
  if (text && !fts) {
    query = sql<FoundRow>`select h.*, ts_headline('simple', h.text, to_tsquery('simple', ${tsQuery(words)}),
      'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12') as snippet from (${query}) h order by h.id desc`;
  }
  const { rows } = await query.execute(db.kysely);
  const total = below === null ? Number((await sql<{ total: number | string }>`select count(*) as total from ${from} where ${and(all)}`.execute(db.kysely)).rows[0]?.total ?? 0) : null;
  const shown = rows.slice(0, limit).map((row) => ({ ...row, id: Number(row.id), snippet: row.snippet ? snippetRuns(row.snippet) : plainSnippet(row.text) }));
  return { rows: shown, next: rows.length > limit ? shown[shown.length - 1]!.id : null, total };
}
