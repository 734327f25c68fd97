import { afterEach, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, waitFor, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { openRaw, openScratch, paidCall, scratchStore } from '../testing/store-reads.ts';
import type { Db, StoreKind } from '../store/open.ts';
import { IndexerThread } from './indexer-thread.ts';
import { withSearchTables } from './tables.ts';
import { HEADER } from '../../src/contract/index.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const postsOf = async (db: Db, pageKey: string) =>
  await withSearchTables(db.kysely)
    .selectFrom('archive_posts')
    .select(['text', 'purchase_id'])
    .where('page_key', '=', pageKey)
    .execute();

const timelineBody = (text: string) =>
  JSON.stringify({
    success: true,
    data: {
      timeline: [
        {
          post_id: '1',
          text,
          created_at: 'Mon Nov 23 10:00:00 +0000 2026',
          author: { screen_name: 'ada', name: 'Ada' },
        },
      ],
    },
  });

describe.each(STORE_KINDS)('the archive indexer on its own thread (%s store)', (kind: StoreKind) => {
  it('indexes what another connection archived, on the thread, then stops', async () => {
    const scratch = await scratchStore(kind);
    const store = await openScratch(scratch);
    cleanups.push(
      () => scratch.remove(),
      () => store.close(),
    );
    const thread = new IndexerThread(store.db, scratch);
    cleanups.push(() => thread.stop());
    const journal = await store.ledger.journal.record({
      operation: 'timeline',
      params: { screen_name: 'ada' },
      pageKey: 'timeline:ada',
      reserve: '0',
      leaseMs: 60_000,
    });
    if (journal.kind !== 'journalled') throw new Error('not journalled');
    await store.ledger.settlements.settle(journal.id, paidCall('0.1'), {
      body: timelineBody('lantern harbour'),
      subject: 'ada',
      accounts: [],
    });

    expect(await thread.catchUp()).toBe(1);
    expect(thread.onThread).toBe(true);
    expect(await postsOf(store.db, 'timeline:ada')).toEqual([{ text: 'lantern harbour', purchase_id: journal.id }]);
    expect(await thread.catchUp()).toBe(0);
    // Stopping waits for the thread to finish and close its connection: the store closes after it without a busy error.
    await thread.stop();
  });

  it('indexes a page the proxy bought without waiting for a search to ask', async () => {
    const harness: ProxyHarness = await startProxyAgainstStandin({}, { store: kind });
    cleanups.push(() => harness.close());
    const response = await harness.api('/api/v1/social/microblog/posts?screen_name=ada__thread');
    expect(response.status).toBe(200);
    const purchaseId = response.headers.get(HEADER.callId);
    const db = await openRaw(harness);
    cleanups.push(() => db.close());
    const key = (
      await db.kysely
        .selectFrom('archive')
        .select('page_key')
        .where('purchase_id', '=', purchaseId)
        .executeTakeFirstOrThrow()
    ).page_key;
    const posts = await waitFor(
      () => postsOf(db, key),
      (rows) => rows.length > 0,
    );
    expect(new Set(posts.map((post) => post.purchase_id))).toEqual(new Set([purchaseId]));
  });
});
