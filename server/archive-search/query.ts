import { sql } from 'kysely';
import type { Db } from '../store/open.ts';
import { and, COLUMNS, idRange, rowConditions, type FindFilters, type FoundRow, type Matched } from './find-sql.ts';
import { postgresFind, WALK_ROWS } from './postgres-find.ts';
import { fts5Query, plainSnippet, snippetRuns, wordsOf, type SnippetRun } from './terms.ts';

export type { FindFilters } from './find-sql.ts';

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
  // Dates are id ranges, which FTS5 applies while it reads its matches.
  const all = [
    ...(fts ? [sql`archive_posts_fts match ${fts5Query(words)}`] : []),
    ...rowConditions(filters),
    ...idRange(filters, id),
  ];
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
 * One page of what matches, newest post first, and on the first page how many match in all (up to `countUpTo`).
 * `walkRows`: how far PostgreSQL walks the newest rows for a page before it asks the index (postgres-find.ts).
 */
export async function findPosts(
  db: Db,
  filters: FindFilters,
  below: number | null,
  limit: number,
  countUpTo = TOTAL_COUNTED,
  walkRows = WALK_ROWS,
): Promise<FoundPage> {
  const words = wordsOf(filters.q);
  if (filters.q.trim() && words.length === 0) return { rows: [], next: null, total: 0, moreThanTotal: false };
  const { rows, total } =
    db.kind === 'sqlite'
      ? await sqliteFind(db, words, filters, below, limit, countUpTo)
      : await postgresFind(db, words, filters, below, limit, countUpTo, walkRows);
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
