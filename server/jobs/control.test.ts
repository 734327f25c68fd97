import { afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, type SessionStateBody } from '../testing/harness.ts';
import {
  control,
  duplicates,
  jobOf,
  learnPrices,
  mostAtOnce,
  pagesAsked,
  quoteOf,
  settledJob,
  startJob,
} from '../testing/jobs.ts';
import { STORE_KINDS } from '../testing/postgres.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(STORE_KINDS)('collection jobs: hard stops, politeness and control (%s store)', (store: StoreKind) => {
  async function fresh(env: Record<string, string> = {}) {
    const harness = await startProxyAgainstStandin(env, { store });
    cleanup.push(() => harness.close());
    await learnPrices(harness.api);
    return harness;
  }

  it("never has more than N calls in flight per job (JOB_CONCURRENCY, or the job's own)", async () => {
    const harness = await fresh({ JOB_CONCURRENCY: '2' });
    // Long enough that two calls admitted together overlap at the stand-in even on a loaded machine.
    await harness.fault({ match: '__jc', latencyMs: 600 });
    const byDefault = await startJob(harness.api, {
      handles: ['ada__jc1', 'grace__jc1', 'newsdesk__jc1', 'archive__jc1'],
      timeline: { pages: 2 },
    });
    expect(byDefault.job.concurrency).toBe(2);
    expect((await settledJob(harness.api, byDefault.job.id)).job.status).toBe('done');
    expect(
      mostAtOnce(
        (await harness.upstreamLog('__jc1')).map((entry) => entry.at),
        600,
      ),
    ).toBe(2);
    const three = await startJob(harness.api, {
      handles: ['ada__jc2', 'grace__jc2', 'newsdesk__jc2', 'archive__jc2'],
      timeline: { pages: 2 },
      concurrency: 3,
    });
    expect((await settledJob(harness.api, three.job.id)).job.status).toBe('done');
    expect(
      mostAtOnce(
        (await harness.upstreamLog('__jc2')).map((entry) => entry.at),
        600,
      ),
    ).toBe(3);
  });

  it('ends an item on a 4xx with its reason and goes on; waits out a 5xx with Retry-After', async () => {
    const harness = await fresh();
    await harness.fault({ match: 'retry jf', status: 503, retryAfter: '1', times: 3 });
    const { job } = await startJob(harness.api, {
      handles: ['nobody__jf', 'grace__jf'],
      searches: ['retry jf'],
      timeline: { pages: 1 },
      searchPages: 1,
    });
    const done = await settledJob(harness.api, job.id);
    expect(done.job).toMatchObject({ status: 'done', spent: '0.3', pagesDone: 2 });
    expect(done.items.map((item) => [item.subject, item.status])).toEqual([
      ['nobody__jf', 'failed'],
      ['grace__jf', 'done'],
      ['retry jf', 'done'],
    ]);
    expect(done.items[0]!.error).toMatch(/^404 Not Found: User not found/);
    const retries = (await harness.upstreamLog('retry jf')).map((entry) => Date.parse(entry.at));
    expect(retries).toHaveLength(4);
    expect(retries[3]! - retries[2]!).toBeGreaterThanOrEqual(950);
  });

  it("stops at the operator's limit with reason 'limit', never past it", async () => {
    // The prices cost 0.3 to learn: 0.45 is left, four pages of 0.1 fit and a fifth would not.
    const harness = await fresh({ CREDIT_LIMIT: '0.75' });
    const quote = await quoteOf(harness.api, {
      handles: ['ada__jx', 'newsdesk__jx', 'archive__jx'],
      timeline: { pages: 3 },
    });
    expect(quote).toMatchObject({ maxCredits: '0.9', budgetLeft: '0.45', fits: false });
    const { job } = await startJob(harness.api, {
      handles: ['ada__jx', 'newsdesk__jx', 'archive__jx'],
      timeline: { pages: 3 },
    });
    const stopped = await settledJob(harness.api, job.id);
    expect(stopped.job).toMatchObject({ status: 'stopped', stopReason: 'limit', spent: '0.4', pagesDone: 4 });
    expect(stopped.job.stopMessage).toMatch(/server operator's credit limit of 0\.75/);
    expect(stopped.items.filter((item) => item.status === 'stopped').length).toBeGreaterThan(0);
    expect(stopped.items.every((item) => item.status === 'stopped' || item.status === 'done')).toBe(true);
    expect(await harness.upstreamLog('__jx')).toHaveLength(4);
    expect((await harness.state<SessionStateBody & { budget: { spentInPeriod: string } }>()).budget.spentInPeriod).toBe(
      '0.7',
    );
  });

  it('stops at the accepted quote with reason "quote" when the archive no longer serves a page it was quoted free', async () => {
    const harness = await fresh({ ARCHIVE_FRESH_FOR: '2s' });
    expect((await harness.api('/api/v1/social/microblog/posts?screen_name=ada__jq2')).status).toBe(200);
    // One slow page first, with one call at a time: by the time ada's first page is asked for, its archived copy has expired.
    await harness.fault({ match: 'grace__jq2', latencyMs: 2_500, times: 1 });
    const { quote, job } = await startJob(harness.api, {
      handles: ['grace__jq2', 'ada__jq2'],
      timeline: { pages: 3 },
      concurrency: 1,
    });
    expect(quote).toMatchObject({ maxCredits: '0.5', pagesInArchive: 1 });
    const stopped = await settledJob(harness.api, job.id);
    expect(stopped.job).toMatchObject({ status: 'stopped', stopReason: 'quote', spent: '0.5' });
    expect(stopped.items[1]).toMatchObject({ status: 'stopped', pagesDone: 2 });
    expect(stopped.items[1]!.error).toMatch(/^quote: Stopped at the accepted quote of 0\.5 credits/);
  });

  it('pauses, resumes and cancels, buying nothing while paused and nothing twice', async () => {
    const harness = await fresh();
    await harness.fault({ match: '__jp', latencyMs: 200 });
    const { job } = await startJob(harness.api, { handles: ['ada__jp', 'newsdesk__jp'], timeline: { pages: 4 } });
    await settledJob(harness.api, job.id, (summary) => summary.pagesDone >= 2);
    const paused = await control(harness.api, job.id, 'pause');
    expect(((await paused.json()) as { job: { status: string } }).job.status).toBe('paused');
    await sleep(400);
    const asked = (await harness.upstreamLog('__jp')).length;
    await sleep(600);
    expect(await harness.upstreamLog('__jp')).toHaveLength(asked);
    expect((await jobOf(harness.api, job.id)).items.every((item) => item.status !== 'running')).toBe(true);
    expect((await control(harness.api, job.id, 'pause')).status).toBe(409);

    expect((await control(harness.api, job.id, 'resume')).status).toBe(200);
    const done = await settledJob(harness.api, job.id);
    expect(done.job).toMatchObject({ status: 'done', pagesDone: 8, spent: '0.8' });
    const log = await harness.upstreamLog('__jp');
    expect(log).toHaveLength(8);
    expect(duplicates(pagesAsked(log))).toEqual([]);

    const second = await startJob(harness.api, { handles: ['ada__jp2', 'newsdesk__jp2'], timeline: { pages: 4 } });
    await settledJob(harness.api, second.job.id, (summary) => summary.pagesDone >= 1);
    const cancelled = (await (await control(harness.api, second.job.id, 'cancel')).json()) as {
      job: { status: string; stopReason: string; pagesDone: number; spent: string; settling: boolean };
    };
    // The answer is the job's final state: the calls in flight at the cancel have landed, and are counted in it.
    const bought = (await harness.upstreamLog('__jp2')).length;
    expect(cancelled.job).toMatchObject({
      status: 'cancelled',
      stopReason: 'cancelled',
      settling: false,
      pagesDone: bought,
      spent: String(bought / 10),
    });
    const { items } = await jobOf(harness.api, second.job.id);
    expect(items.every((item) => item.status === 'cancelled' || item.status === 'done')).toBe(true);
    await sleep(500);
    expect(await harness.upstreamLog('__jp2')).toHaveLength(bought);
    expect((await jobOf(harness.api, second.job.id)).job).toMatchObject({
      pagesDone: bought,
      spent: cancelled.job.spent,
    });
    expect((await control(harness.api, second.job.id, 'resume')).status).toBe(409);
  });
});
