import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../store/open.ts';
import { and, COLUMNS, idRange, rowConditions, type FindFilters, type FoundRow, type Matched } from './find-sql.ts';
import { tsQuery } from './terms.ts';

/**
 * How many of the newest rows a page's walk reads at most: a page of 20 comes from them while one row in 25
 * matches there (a common word: one in six). Below that, reading the matches through the index costs less
 * than walking further; a walk that comes back short costs at most these rows.
 */
export const WALK_ROWS = 500;

/**
 * A page of finds on PostgreSQL, newest first, and how many match (up to `countUpTo`).
 *
 * The first statement reads up to `countUpTo + 1` matches through whichever index fits (the GIN bitmap for
 * words) and counts them. If that was all of them, the page is their newest rows, in the same statement.
 * If there are more, their ids are not read: the primary key is walked backwards from the newest row in
 * range, each row tested, and the walk stops at a page. Reading every match's id to pick the newest 21 was
 * most of a find of a common word (17,000 of 100,000 posts). The walk is a subquery with its own LIMIT,
 * which the planner cannot rewrite: left to choose, it bet on how soon 21 match and read every row when the
 * matches were old (67-290 ms). So the walk reads at most `walkRows` rows; if they hold fewer than a page,
 * the rest come from the index, below the rows it read.
 */
export async function postgresFind(
  db: Db,
  words: string[],
  filters: FindFilters,
  below: number | null,
  limit: number,
  countUpTo: number,
  walkRows: number,
): Promise<Matched> {
  const query = words.length > 0 ? sql`to_tsquery('simple', ${tsQuery(words)})` : null;
  const range = [...idRange(filters, sql`p.id`), ...(below === null ? [] : [sql`p.id < ${below}`])];
  const match = [...(query ? [sql`p.search @@ ${query}`] : []), ...rowConditions(filters)];
  // ts_headline reads each text again, so only for the page's rows.
  const snippet = query
    ? sql`ts_headline('simple', p.text, ${query}, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12')`
    : sql`null`;
  const rowsOf = (ids: RawBuilder<unknown>) =>
    sql`select ${COLUMNS}, ${snippet} as snippet from archive_posts p where p.id in (${ids})`;
  const run = async (rows: RawBuilder<unknown>) =>
    (await sql<FoundRow>`${rows} order by p.id desc`.execute(db.kysely)).rows;

  // The left join keeps one row, and so the count, when there is no page to read.
  const { rows: counted } = await sql<FoundRow & { total: number | string }>`
    with matches as materialized (select p.id from archive_posts p where ${and([...match, ...range])} limit ${countUpTo + 1})
    select (select count(*) from matches) as total, h.* from (select 1) as one left join lateral (
      ${rowsOf(sql`select id from matches order by id desc limit ${limit + 1}`)} and (select count(*) from matches) <= ${countUpTo}
    ) h on true order by h.id desc`.execute(db.kysely);
  const total = Number(counted[0]?.total ?? 0);
  if (total <= countUpTo)
    return { rows: counted.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row), total };

  const walked = await run(
    rowsOf(
      sql`select p.id from (select * from archive_posts p where ${and(range)} order by p.id desc limit ${walkRows}) p where ${and(match)} order by p.id desc limit ${limit + 1}`,
    ),
  );
  if (walked.length > limit) return { rows: walked, total };
  // Fewer than a page among the newest rows: the rest lie below the last row the walk read, if it stopped early.
  const edge = await sql<{
    id: number | string;
  }>`select p.id from archive_posts p where ${and(range)} order by p.id desc offset ${walkRows - 1} limit 1`.execute(
    db.kysely,
  );
  const lowest = edge.rows[0]?.id;
  if (lowest === undefined) return { rows: walked, total };
  const rest = await run(
    rowsOf(
      sql`with matches as materialized (select p.id from archive_posts p where ${and([...match, ...range, sql`p.id < ${lowest}`])}) select id from matches order by id desc limit ${limit + 1 - walked.length}`,
    ),
  );
  return { rows: [...walked, ...rest], total };
}
