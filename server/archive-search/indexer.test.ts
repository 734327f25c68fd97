import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_KINDS } from '../testing/postgres.ts';
import { openRaw, scratchStore } from '../testing/store-reads.ts';
import type { Db, StoreKind } from '../store/open.ts';
import { PostIndexer } from './indexer.ts';
import { withSearchTables } from './tables.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let bought = 0;
/** A timeline page archived by some process, as its purchase left it. */
async function archive(db: Db, pageKey: string, purchaseId: string, text: string) {
  const boughtAt = new Date(Date.now() + ++bought).toISOString();
  const post = { post_id: pageKey, text, created_at: 'Mon Nov 23 10:00:00 +0000 2026', author: { screen_name: 'ada' } };
  await db.kysely
    .insertInto('archive')
    .values({
      page_key: pageKey,
      operation: 'timeline',
      params: JSON.stringify({ screen_name: 'ada' }),
      subject: 'ada',
      body: JSON.stringify({ success: true, data: { timeline: [post] } }),
      bought_at: boughtAt,
      purchase_id: purchaseId,
      credits: '0.1',
    })
    .onConflict((conflict) => conflict.column('page_key').doUpdateSet({ purchase_id: purchaseId, bought_at: boughtAt }))
    .execute();
}

const indexedPages = async (db: Db) =>
  (await withSearchTables(db.kysely).selectFrom('archive_posts').select('page_key').orderBy('page_key').execute()).map(
    (row) => row.page_key,
  );

/**
 * The store refusing one page's rows, as PostgreSQL refuses bytes it cannot hold (22021) or a text whose
 * tsvector passes 1 MB (54000), and SQLite a row its constraints reject.
 */
async function refuseRowsOf(db: Db, pageKey: string) {
  if (db.kind === 'sqlite') {
    await sql`create trigger refuse_page before insert on archive_posts when new.page_key = ${sql.lit(pageKey)}
      begin select raise(abort, 'invalid byte sequence in this page'); end`.execute(db.kysely);
    return;
  }
  await sql`create function refuse_page() returns trigger language plpgsql as $$ begin
      if new.page_key = ${sql.lit(pageKey)} then raise exception 'invalid byte sequence in this page' using errcode = '22021'; end if;
      return new; end $$`.execute(db.kysely);
  await sql`create trigger refuse_page before insert on archive_posts for each row execute function refuse_page()`.execute(
    db.kysely,
  );
}

describe.each(STORE_KINDS)('the archive indexer and a page the store refuses (%s store)', (kind: StoreKind) => {
  it('indexes the rest of its batch, says so once, tries the page later and gives it up; bought again, it is indexed', async () => {
    const scratch = await scratchStore(kind);
    const db = await openRaw(scratch);
    cleanups.push(
      () => scratch.remove(),
      () => db.close(),
    );
    const said: string[] = [];
    let clock = 0;
    const indexer = new PostIndexer(db, { retryAfterMs: [60_000], log: (line) => said.push(line), now: () => clock });
    // One batch of three (indexer.ts BATCH), the refused page in the middle.
    await archive(db, 'timeline a', 'buy-a', 'lantern one');
    await archive(db, 'timeline bad', 'buy-bad-1', 'lantern two');
    await archive(db, 'timeline c', 'buy-c', 'lantern three');
    await refuseRowsOf(db, 'timeline bad');

    expect(await indexer.catchUp()).toBe(2);
    expect(await indexedPages(db)).toEqual(['timeline a', 'timeline c']);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/could not index page "timeline bad" \(purchase buy-bad-1\): .*invalid byte sequence/);

    // Before its time to try again, a catch-up leaves it alone, and says nothing more.
    expect(await indexer.catchUp()).toBe(0);
    expect(said).toHaveLength(1);
    // Its next try fails as the first did: the indexer gives it up, says so, and never tries it again.
    clock += 60_000;
    expect(await indexer.catchUp()).toBe(0);
    expect(said).toHaveLength(2);
    expect(said[1]).toMatch(/gives up page "timeline bad" \(purchase buy-bad-1\) after 2 tries/);
    clock += 3_600_000;
    await archive(db, 'timeline d', 'buy-d', 'lantern four');
    expect(await indexer.catchUp()).toBe(1);
    expect(said).toHaveLength(2);

    // The page bought again is a new purchase: tried afresh, and indexed once the store takes its rows.
    await sql`drop trigger refuse_page${sql.raw(kind === 'postgres' ? ' on archive_posts' : '')}`.execute(db.kysely);
    await archive(db, 'timeline bad', 'buy-bad-2', 'lantern two');
    expect(await indexer.catchUp()).toBe(1);
    expect(await indexedPages(db)).toEqual(['timeline a', 'timeline bad', 'timeline c', 'timeline d']);
    expect(said).toHaveLength(2);
  });
});
