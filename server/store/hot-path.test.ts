import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from './store.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { openScratch, paidCall, scratchStore, type ScratchStore } from '../testing/store-reads.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function opened(scratch: ScratchStore): Promise<Store> {
  const store = await openScratch(scratch, { listPrices: null });
  cleanup.push(() => store.close());
  return store;
}

async function scratch(kind: 'sqlite' | 'postgres') {
  const made = await scratchStore(kind);
  cleanup.push(() => made.remove());
  return made;
}

const params = (index: number) => ({ screen_name: `ada${index}` });
const journal = (store: Store, index: number, archivedSeen: string | null = null) =>
  store.ledger.journal.record({
    operation: 'timeline',
    params: params(index),
    pageKey: `timeline:ada${index}`,
    reserve: '0.1',
    leaseMs: 60_000,
    archivedSeen,
  });

// The paid call's statements, as one process writes them and another reads them.
describe.each(STORE_KINDS)('the paid-call path between two processes (%s store)', (kind) => {
  it('a pending row, then its settlement, totals, batch price and archived answer, as another process reads them', async () => {
    const place = await scratch(kind);
    const writer = await opened(place);
    const reader = await opened(place);
    const first = await journal(writer, 1);
    const second = await journal(writer, 2);
    if (first.kind !== 'journalled' || second.kind !== 'journalled') throw new Error('not journalled');
    expect(await reader.archive.isPending(first.id)).toBe(true);
    // The other process sees the page being bought and waits for it rather than buying it twice.
    expect(await journal(reader, 1)).toEqual({ kind: 'in-flight', id: first.id });

    const archive = (index: number) => ({
      body: `{"data":{"user":{"rest_id":"${index}"}}}`,
      subject: `ada${index}`,
      accounts: [{ restId: `${index}`, handle: `ada${index}` }],
    });
    // Settled in one batch: the latest price is the last one settled, the highest the highest of the batch.
    await Promise.all([
      writer.ledger.settlements.settle(first.id, { ...paidCall('0.3'), params: params(1) }, archive(1), [
        { 'content-type': 'application/json' },
      ]),
      writer.ledger.settlements.settle(second.id, { ...paidCall('0.2'), params: params(2) }, archive(2)),
    ]);
    expect(await reader.archive.isPending(first.id)).toBe(false);
    expect(await reader.archive.purchaseOf('timeline:ada1')).toBe(first.id);
    expect(
      (await reader.archive.freeCopy({ key: 'timeline:ada2', operation: 'timeline', params: params(2) }))?.body,
    ).toBe(archive(2).body);
    expect(await reader.archive.handleOf('1')).toBe('ada1');
    expect(await reader.ledger.prices()).toMatchObject({ timeline: { last: '0.2', highest: '0.3' } });
    expect(await reader.ledger.summary()).toMatchObject({
      calls: 2,
      total: '0.5',
      byOperation: { timeline: { calls: 2, total: '0.5' } },
    });
    expect(await reader.ledger.responseHeadersOf(first.id)).toEqual([{ 'content-type': 'application/json' }]);
    expect((await reader.ledger.findRow(second.id))?.credits).toBe('0.2');
    // Archived since the caller looked: not bought again.
    expect(await journal(reader, 2, null)).toEqual({ kind: 'in-flight', id: second.id });
  });
});

describe('SQLite checkpoints', () => {
  it('copy the WAL into the database file beside the commits, while the store is open', async () => {
    const place = await scratch('sqlite');
    const store = await opened(place);
    const file = path.join(place.dataDir, 'creditscope.db');
    const before = fs.statSync(file).size;
    // Well past SQLite's own checkpoint threshold (1,000 pages of 4 KB), which commits no longer act on.
    const body = JSON.stringify({ padding: 'x'.repeat(200_000) });
    for (let index = 0; index < 30; index++) {
      const entry = await journal(store, index);
      if (entry.kind !== 'journalled') throw new Error('not journalled');
      await store.ledger.settlements.settle(
        entry.id,
        { ...paidCall('0.1'), params: params(index) },
        { body, subject: `ada${index}`, accounts: [] },
      );
    }
    await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 5_000_000);
  });
});
