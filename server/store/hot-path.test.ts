import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Store } from './store.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { book, openScratch, paidCall, scratchStore, type ScratchStore } from '../testing/store-reads.ts';
import { fromNano, sessionScope } from './totals.ts';

/** The journal's advisory lock on PostgreSQL (open.ts). */
const JOURNAL_LOCK = 7_310_417;

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

/** What the store's scopes hold for calls in flight ('all', and the call's session), in credits, as an admission reads it. */
async function held(store: Store, scope: string): Promise<string> {
  const row = await store.db.kysely
    .selectFrom('totals')
    .select('reserved_nano')
    .where('scope', '=', scope)
    .executeTakeFirst();
  return fromNano(row?.reserved_nano ?? 0);
}

// Atomic reservations (#36): what calls in flight hold lives on the limits' own totals rows, beside what is spent.
describe.each(STORE_KINDS)('what calls in flight hold, on their scopes’ totals rows (%s store)', (kind) => {
  it('added by the journal entry, raised to a price learnt since, taken off by the settlement or the booking of a lost outcome', async () => {
    const store = await opened(await scratch(kind));
    const session = sessionScope((await store.ledger.currentSession()).id);
    // No price known anywhere yet: the first call holds nothing; the second holds its caller's ceiling.
    const unpriced = await store.ledger.journal.record({
      operation: 'timeline',
      params: params(1),
      pageKey: 'timeline:ada1',
      reserve: null,
      leaseMs: 60_000,
    });
    const priced = await journal(store, 2);
    if (unpriced.kind !== 'journalled' || priced.kind !== 'journalled') throw new Error('not journalled');
    expect([await held(store, 'all'), await held(store, session)]).toEqual(['0.1', '0.1']);

    // The priced call settles at 0.3: it holds nothing more, and the call still in flight holds that price from now on.
    await store.ledger.settlements.settle(priced.id, { ...paidCall('0.3'), params: params(2) }, null);
    expect([await held(store, 'all'), await held(store, session)]).toEqual(['0.3', '0.3']);
    expect(
      (
        await store.db.kysely
          .selectFrom('purchases')
          .select('reserved')
          .where('id', '=', unpriced.id)
          .executeTakeFirst()
      )?.reserved,
    ).toBe('0.3');

    // A call whose process is lost is booked at what it held, which it holds no more.
    await store.db.kysely
      .updateTable('purchases')
      .set({ lease_until: new Date(0).toISOString() })
      .where('id', '=', unpriced.id)
      .execute();
    expect(await store.ledger.settleAbandoned()).toBe(1);
    expect([await held(store, 'all'), await held(store, session)]).toEqual(['0', '0']);
    expect(await store.ledger.summary()).toMatchObject({ calls: 2, total: '0.6' });
  });
});

describe.each(STORE_KINDS)('calls of unknown charge booked while no price was known (%s store)', (kind) => {
  it('count at the first price learnt, on their rows and every total, so the limits weigh them', async () => {
    const store = await opened(await scratch(kind));
    // A first call that timed out (charge unknown, no price to book it at), and one whose process was lost.
    await book(store.ledger, paidCall('0', { charged: 'unknown', ok: false }));
    const lost = await store.ledger.journal.record({
      operation: 'timeline',
      params: params(2),
      pageKey: 'timeline:ada2',
      reserve: null,
      leaseMs: 60_000,
    });
    if (lost.kind !== 'journalled') throw new Error('not journalled');
    await store.db.kysely
      .updateTable('purchases')
      .set({ lease_until: new Date(0).toISOString() })
      .where('id', '=', lost.id)
      .execute();
    expect(await store.ledger.settleAbandoned()).toBe(1);
    expect(await store.ledger.spentInPeriod()).toBe('0');
    // A search's price says nothing of a timeline's.
    await book(store.ledger, paidCall('0.2', { operation: 'search' }));
    expect(await store.ledger.spentInPeriod()).toBe('0.2');

    await book(store.ledger, paidCall('0.1'));
    expect(await store.ledger.spentInPeriod()).toBe('0.5');
    expect(await store.ledger.summary()).toMatchObject({ calls: 4, total: '0.5' });
    // Booked at the price the store knows from now on, whichever process learnt it.
    await book(store.ledger, paidCall('0', { charged: 'unknown', ok: false }));
    expect(await store.ledger.spentInPeriod()).toBe('0.6');
  });
});

describe('PostgreSQL: a settlement takes no lock of the journal’s', () => {
  it('settles while a journal entry waits for the lock another process holds', async () => {
    const place = await scratch('postgres');
    const store = await opened(place);
    const entry = await journal(store, 1);
    if (entry.kind !== 'journalled') throw new Error('not journalled');
    const holder = new pg.Client({ connectionString: place.databaseUrl! });
    await holder.connect();
    cleanup.push(() => holder.end());
    await holder.query('select pg_advisory_lock($1)', [JOURNAL_LOCK]);
    const waiting = journal(store, 2);
    const answered = vi.fn();
    void waiting.then(answered);
    // Settled within a second though the journal's lock is held: it used to wait for the lock like the journal.
    const settled = store.ledger.settlements.settle(entry.id, { ...paidCall('0.1'), params: params(1) }, null);
    await expect(
      Promise.race([settled, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000))]),
    ).resolves.toMatchObject({ id: entry.id, credits: '0.1' });
    expect(answered).not.toHaveBeenCalled();
    await holder.query('select pg_advisory_unlock($1)', [JOURNAL_LOCK]);
    expect(await waiting).toMatchObject({ kind: 'journalled' });
    expect(await held(store, 'all')).toBe('0.1');
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
