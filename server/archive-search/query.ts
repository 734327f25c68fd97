import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../store/open.ts';
import { firstIdAt } from './post-ids.ts';
import type { ArchivePostKind } from './tables.ts';
import { fts5Query, plainSnippet, snippetRuns, tsQuery, wordsOf, type SnippetRun } from './terms.ts';

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

/** `next` is the id to continue below: ids sort as post times do. */
export interface FoundPage {
  rows: (Omit<FoundRow, 'snippet'> & { snippet: SnippetRun[] })[];
  next: number | null;
  total: number | null;
  /** More than `total` match: the count stopped there (TOTAL_COUNTED). */
  moreThanTotal: boolean;
}

/**
 * A find counts its matches up to this many, and past it says "more than". Counting every match of a common word
 * (17,000 of 100,000 posts) was most of a find's time on SQLite, for a figure nobody reads to the last digit.
 */
export const TOTAL_COUNTED = 1000;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
// Who bought the page (#28) is its purchase's, and a card its item's: primary-key reads per row of the page shown.
const COLUMNS = sql`p.id, p.kind, p.post_id, p.author, p.shown_author, p.created_at, p.has_media, p.page_key, p.purchase_id, p.bought_at, p.operation, p.subject, p.position, p.text, (select i.item from archive_post_items i where i.id = p.id) as item, (select b.person from purchases b where b.id = p.purchase_id) as person`;

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

interface Matched {
  rows: FoundRow[];
  total: number;
}

/**
 * FTS5 hands its matches over newest first (by rowid), so the page is its first rows; the total is one more count,
 * of at most `countUpTo + 1` rows. Without words, the page's ids are picked first and only their rows read: SQLite
 * sorts whole result rows, so ordering every match of an author by id read each one's columns and cards first.
 */
async function sqliteFind(
  db: Db,
  words: string[],
  filters: FindFilters,
  below: number | null,
  limit: number,
  countUpTo: number,
): Promise<Matched> {
  const fts = words.length > 0;
  const id = fts ? sql`archive_posts_fts.rowid` : sql`p.id`;
  const from = fts
    ? sql`archive_posts_fts join archive_posts p on p.id = archive_posts_fts.rowid`
    : sql`archive_posts p`;
  const all = [...(fts ? [sql`archive_posts_fts match ${fts5Query(words)}`] : []), ...conditions(filters, id)];
  const page = below === null ? all : [...all, sql`${id} < ${below}`];
  const snippet = fts ? sql`snippet(archive_posts_fts, 0, char(1), char(2), '…', 24)` : sql`null`;
  const { rows } = fts
    ? await sql<FoundRow>`select ${COLUMNS}, ${snippet} as snippet from ${from} where ${and(page)} order by ${id} desc limit ${limit + 1}`.execute(
        db.kysely,
      )
    : await sql<FoundRow>`select ${COLUMNS}, null as snippet from archive_posts p where p.id in (select p.id from ${from} where ${and(page)} order by p.id desc limit ${limit + 1}) order by p.id desc`.execute(
        db.kysely,
      );
  const counted = sql<{
    total: number | string;
  }>`select count(*) as total from (select 1 from ${from} where ${and(all)} limit ${countUpTo + 1})`;
  const total = below === null ? Number((await counted.execute(db.kysely)).rows[0]?.total ?? 0) : 0;
  return { rows, total };
}

/**
 * The matches' ids are read once, through whichever index fits (GIN for words), and the total and the newest
 * page both come from that read. Asked for `order by id desc limit 21` instead, the planner walks the primary key
 * backwards testing each row, betting on its estimate of how soon 21 match: filters that rarely go together
 * (reposted + kind=post), old matches or a table not yet analysed after a large catch-up lose that bet and read
 * every row (67-290 ms at 100,000 posts for a find with no match). This read costs what the total did anyway.
 */
async function postgresFind(
  db: Db,
  words: string[],
  filters: FindFilters,
  below: number | null,
  limit: number,
): Promise<Matched> {
  const query = words.length > 0 ? sql`to_tsquery('simple', ${tsQuery(words)})` : null;
  const where = [
    ...(query ? [sql`p.search @@ ${query}`] : []),
    ...conditions(filters, sql`p.id`),
    ...(below === null ? [] : [sql`p.id < ${below}`]),
  ];
  // ts_headline reads each text again, so only for the page's rows.
  const snippet = query
    ? sql`ts_headline('simple', p.text, ${query}, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12')`
    : sql`null`;
  // The left join keeps one row, and so the total, when nothing matches.
  const { rows } = await sql<
    FoundRow & { total: number | string }
  >`with matches as materialized (select p.id from archive_posts p where ${and(where)})
    select (select count(*) from matches) as total, h.* from (select 1) as one left join lateral (
      select ${COLUMNS}, ${snippet} as snippet from archive_posts p where p.id in (select id from matches order by id desc limit ${limit + 1})
    ) h on true order by h.id desc`.execute(db.kysely);
  return {
    rows: rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** One page of what matches, newest post first, and on the first page how many match in all (up to `countUpTo`). */
export async function findPosts(
  db: Db,
  filters: FindFilters,
  below: number | null,
  limit: number,
  countUpTo = TOTAL_COUNTED,
): Promise<FoundPage> {
  const words = wordsOf(filters.q);
  if (filters.q.trim() && words.length === 0) return { rows: [], next: null, total: 0, moreThanTotal: false };
  const { rows, total } =
    db.kind === 'sqlite'
      ? await sqliteFind(db, words, filters, below, limit, countUpTo)
      : await postgresFind(db, words, filters, below, limit);
  const shown = rows.slice(0, limit).map((row) => ({
    ...row,
    id: Number(row.id),
    snippet: row.snippet ? snippetRuns(row.snippet) : plainSnippet(row.text),
  }));
  return {
    rows: shown,
    next: rows.length > limit ? shown[shown.length - 1]!.id : null,
    total: below === null ? Math.min(total, countUpTo) : null,
    moreThanTotal: below === null && total > countUpTo,
  };
}
