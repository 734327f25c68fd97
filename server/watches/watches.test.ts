import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Watch } from '../../src/contract/watches.ts';
import { startProxyAgainstStandin, waitFor, type ProxyHarness } from '../testing/harness.ts';
import { learnPrices } from '../testing/jobs.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { addWatch, grow, newItems, runsOf, runWatchNow } from '../testing/watches.ts';
import type { StoreKind } from '../store/open.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function server(store: StoreKind, env: Record<string, string> = {}) {
  const harness = await startProxyAgainstStandin(env, { store });
  cleanup.push(() => harness.close());
  await learnPrices(harness.api);
  return harness;
}

const timelineCalls = async (harness: ProxyHarness, handle: string) =>
  (await harness.upstreamLog(handle)).filter((entry) => entry.path.endsWith('/posts'));

describe.each(STORE_KINDS)('watches (#37, %s store)', (store: StoreKind) => {
  it('buys only what is new: the first page as baseline, one call when fewer than a page arrived, the next page only while all are new', async () => {
    const harness = await server(store);
    const handle = 'grace__w1';
    const watch = await addWatch(harness.api, {
      kind: 'timeline',
      target: { screen_name: handle },
      schedule: { every: '1h' },
      cap: { credits: '100', per: 'day' },
      pagesPerRun: 3,
    });
    // 3 pages a run at 0.1, 24 runs a day.
    expect(watch.quote).toEqual({ perRun: '0.3', perDayMax: '7.2', text: 'hourly · at most 7.2 credits a day' });
    expect(watch.nextRunAt).toBeGreaterThan(Date.now());

    const first = await runWatchNow(harness.api, watch);
    expect(first).toMatchObject({ state: 'done', calls: 1, credits: '0.1', newItems: 20, trigger: 'now' });
    expect(await timelineCalls(harness, handle)).toHaveLength(1);

    await grow(harness.standin.url, handle, 2);
    const second = await runWatchNow(harness.api, watch);
    expect(second).toMatchObject({ state: 'done', calls: 1, newItems: 2 });
    expect(await timelineCalls(harness, handle)).toHaveLength(2);

    // More than a page arrived: the first page is all new, so its next page is bought, up to the first seen post.
    await grow(harness.standin.url, handle, 25);
    const third = await runWatchNow(harness.api, watch);
    expect(third).toMatchObject({ state: 'done', calls: 2, credits: '0.2', newItems: 25 });
    const log = await timelineCalls(harness, handle);
    expect(log).toHaveLength(4);
    expect(log[3]!.query.cursor).toBeTruthy();

    // Each run's pages are the watch's in the ledger.
    const { rows } = await harness.state<{ rows: { credits: string }[] }>();
    expect(rows.length).toBeGreaterThan(0);
    const news = await newItems(harness.api);
    expect(news.count).toBe(47);
    expect(news.items[0]).toMatchObject({ watchId: watch.id, kind: 'post', seenAt: null });
    expect(news.items[0]!.link).toMatch(new RegExp(`^/timeline/${handle}/post/\\d+$`));
    const seen = await harness.api('/api/_watches/new/seen', {
      method: 'POST',
      body: JSON.stringify({ watchId: watch.id }),
    });
    expect(await seen.json()).toEqual({ marked: 47 });
    expect((await newItems(harness.api)).count).toBe(0);
    expect((await runsOf(harness.api, watch.id)).map((run) => run.newItems)).toEqual([25, 2, 20]);
  });

  it('does not start a run that would pass its cap or the operator limit, and says which', async () => {
    const harness = await server(store, { CREDIT_LIMIT: '0.5' });
    const capped = await addWatch(harness.api, {
      kind: 'search',
      target: { q: 'compilers' },
      schedule: { daily: '08:30' },
      timeZone: 'Europe/Lisbon',
      cap: { credits: '0.3', per: 'day' },
      pagesPerRun: 2,
    });
    expect(capped.quote.text).toBe('daily at 08:30 · at most 0.3 credits a day');
    const refused = await runWatchNow(harness.api, capped);
    expect(refused).toMatchObject({ state: 'refused', calls: 0 });
    expect(refused.reason).toContain("the watch's cap of 0.3 credits a day");
    // learnPrices spent 0.3 of the operator's 0.5: a run of 3 timeline pages (0.3) would pass it.
    const operator = await addWatch(harness.api, {
      kind: 'timeline',
      target: { screen_name: 'ada__w2' },
      schedule: { cron: '*/5 9-17 * * 1-5' },
      cap: { credits: '10', per: 'month' },
      pagesPerRun: 3,
    });
    const stopped = await runWatchNow(harness.api, operator);
    expect(stopped).toMatchObject({ state: 'refused', calls: 0 });
    expect(stopped.reason).toContain("server operator's credit limit");
    expect(await harness.upstreamLog('compilers')).toHaveLength(0);
    expect(await harness.upstreamLog('ada__w2')).toHaveLength(0);
    const listed = (await (await harness.api('/api/_watches')).json()) as { watches: Watch[] };
    expect(listed.watches.find((watch) => watch.id === operator.id)?.lastRun?.reason).toContain('operator');
  });
});

describe('watch drafts', () => {
  it('refuses a bad draft with every problem named, and stores nothing', async () => {
    const harness = await server('sqlite');
    const response = await harness.api('/api/_watches', {
      method: 'POST',
      body: JSON.stringify({
        kind: 'timeline',
        target: { screen_name: 'no spaces' },
        schedule: { cron: '* * * * * *' },
        timeZone: 'Mars/Olympus',
        cap: { credits: '-1', per: 'week' },
        pagesPerRun: 9,
      }),
    });
    expect(response.status).toBe(400);
    const message = ((await response.json()) as { error: { message: string } }).error.message;
    for (const part of ['screen_name', 'five fields', 'Mars/Olympus', 'cap.credits', 'per "month"', 'pagesPerRun'])
      expect(message).toContain(part);
    expect(((await (await harness.api('/api/_watches')).json()) as { watches: Watch[] }).watches).toEqual([]);
    // A price that rose since the button showed it is not paid.
    const watch = await addWatch(harness.api, {
      kind: 'timeline',
      target: { screen_name: 'grace' },
      schedule: { every: '6h' },
      cap: { credits: '1', per: 'day' },
    });
    expect(watch.quote.text).toBe('every 6 hours · at most 0.4 credits a day');
    const cheaper = await harness.api(`/api/_watches/${watch.id}/run`, {
      method: 'POST',
      body: JSON.stringify({ acceptedPerRun: '0.05' }),
    });
    expect(cheaper.status).toBe(409);
    expect(await harness.upstreamLog('grace')).toHaveLength(0);
    void Big;
    void waitFor;
  });
});
