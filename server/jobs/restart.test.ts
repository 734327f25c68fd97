import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import { purchaseKey } from '../../src/contract/identity.ts';
import { startStandin } from '../standin/server.ts';
import type { StoreKind } from '../store/open.ts';
import { TEST_TOKEN } from '../testing/harness.ts';
import { jobOf, learnPrices, settledJob, startJob } from '../testing/jobs.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { apiOf, startProxyProcess } from '../testing/store-processes.ts';
import { openRaw, scratchStore } from '../testing/store-reads.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

type LogEntry = { path: string; query: Record<string, string>; body: unknown };

describe.each(STORE_KINDS)('collection jobs across processes (%s store)', (kind: StoreKind) => {
  async function setUp() {
    const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
    const store = await scratchStore(kind);
    cleanup.push(async () => {
      await standin.close();
      await store.remove();
    });
    const start = async () => {
      const proxy = await startProxyProcess(store, standin.url, { JOB_LEASE_MS: '1500' });
      cleanup.push(() => proxy.stop());
      return proxy;
    };
    const log = async (match: string) =>
      (await (await fetch(`${standin.url}/_control/log?match=${encodeURIComponent(match)}`)).json()) as LogEntry[];
    await fetch(`${standin.url}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: '__jk', latencyMs: 100 }),
    });
    return { store, start, log };
  }

  it('resumes after kill -9 in a new process without buying any page twice', async () => {
    const { store, start, log } = await setUp();
    const first = await start();
    await learnPrices(apiOf(first));
    const { job } = await startJob(apiOf(first), {
      handles: ['ada__jk', 'newsdesk__jk', 'archive__jk'],
      timeline: { pages: 4 },
    });
    await settledJob(apiOf(first), job.id, (summary) => summary.pagesDone >= 4);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const db = await openRaw(store);
    cleanup.push(() => db.close());
    const before = await db.kysely.selectFrom('job_pages').select('page_key').where('job_id', '=', job.id).execute();

    const second = await start();
    const done = await settledJob(apiOf(second), job.id);

    const asked = (await log('__jk')).map((entry) => purchaseKey('timeline', entry.query));
    const settled = await db.kysely
      .selectFrom('purchases')
      .select(['page_key', 'state', 'credits'])
      .where('page_key', 'like', '%jk"%')
      .execute();
    // No page bought twice: one settled purchase per page, and nothing done before the kill was asked for again.
    expect(
      settled
        .filter((row) => row.state === 'settled')
        .map((row) => row.page_key)
        .sort(),
    ).toEqual([...new Set(asked)].sort());
    for (const { page_key: key } of before) expect(asked.filter((page) => page === key)).toHaveLength(1);
    // A page asked for twice can only be one whose answer the kill lost (sent, never settled: "outcome unknown"), and its item says so.
    const unknown = settled
      .filter((row) => row.state === 'unknown')
      .map((row) => row.page_key)
      .sort();
    // (A call journalled but killed before it left is "outcome unknown" too, and was asked for once.)
    const twice = [...new Set(asked.filter((page, index) => asked.indexOf(page) !== index))];
    expect(twice.filter((page) => !unknown.includes(page))).toEqual([]);
    expect(asked.filter((page) => twice.includes(page))).toHaveLength(twice.length * 2);
    expect(done.items.filter((item) => item.error?.includes('first answer was lost')).length).toBeLessThanOrEqual(
      unknown.length,
    );
    // A lost call counts in the job's spend as in the ledger's, at list price until cleared: every journalled call,
    // including one the kill stopped before it left (never in the upstream's log). So the accepted quote of 1.2 holds,
    // and the job stops one page short for each: the person asks a new quote for the rest.
    expect(done.job.quoteMaxCredits).toBe('1.2');
    expect(done.job.spent).toBe(new Big('0.1').times(done.job.pagesDone + unknown.length).toString());
    if (unknown.length === 0)
      expect(done.job).toMatchObject({ status: 'done', pagesDone: 12, pagesPlanned: 12, postsDone: 80 + 64 + 80 });
    else
      expect(done.job).toMatchObject({
        status: 'stopped',
        stopReason: 'quote',
        spent: '1.2',
        pagesDone: 12 - unknown.length,
        stopMessage: expect.stringContaining(
          `(1.2 spent, ${new Big('0.1').times(unknown.length).toString()} of it on calls whose answers were lost`,
        ),
      });
    const booked = settled.filter((row) => row.state === 'settled' || row.state === 'unknown').length;
    expect(booked).toBeGreaterThanOrEqual(asked.length);
    expect((await second.state()).budget.spentInPeriod).toBe(new Big('0.1').times(booked).plus('0.3').toString());
  });

  it('lets one process at a time run a job; another takes it over when the first stops', async () => {
    const { store, start, log } = await setUp();
    const [first, second] = [await start(), await start()];
    await learnPrices(apiOf(first));
    const { job } = await startJob(apiOf(first), { handles: ['ada__jk2', 'archive__jk2'], timeline: { pages: 6 } });
    await settledJob(apiOf(second), job.id, (summary) => summary.pagesDone >= 3);
    await first.stop();
    const done = await settledJob(apiOf(second), job.id);
    expect(done.job).toMatchObject({ status: 'done', pagesDone: 12 });
    const db = await openRaw(store);
    cleanup.push(() => db.close());
    const owners = await db.kysely
      .selectFrom('purchases')
      .select(['owner', 'at', 'page_key'])
      .where('page_key', 'like', '%jk2"%')
      .orderBy('seq')
      .execute();
    const switches = owners.filter((row, index) => index > 0 && row.owner !== owners[index - 1]!.owner);
    expect(new Set(owners.map((row) => row.owner)).size).toBe(2);
    expect(switches).toHaveLength(1);
    expect((await log('__jk2')).length).toBe(12);
    expect((await jobOf(apiOf(second), job.id)).items.every((item) => item.status === 'done')).toBe(true);
  });
});
