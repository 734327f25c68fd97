import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  newItemsAnswer,
  watchAnswer,
  watchesAnswer,
  watchRunsAnswer,
  type Watch,
  type WatchRun,
} from '../../src/contract/watches.ts';
import { startProxyAgainstStandin, waitFor, type ProxyHarness } from '../testing/harness.ts';
import { signedInPerson } from '../testing/people.ts';
import { openRaw } from '../testing/store-reads.ts';
import { PeopleAdmin } from '../identity/admin.ts';
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
  if (!env.CREDITSCOPE_AUTH) await learnPrices(harness.api);
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
    expect(v.parse(newItemsAnswer, news).items).toHaveLength(47);
    expect(news.items[0]).toMatchObject({ watchId: watch.id, kind: 'post', seenAt: null });
    expect(news.items[0]!.link).toMatch(new RegExp(`^/timeline/${handle}/post/\\d+$`));
    // Paged: each item once, newest first, the counts of all on every page; the navigation's count alone.
    const pages: { items: { key: string }[]; count: number; byWatch: Record<string, number>; next: string | null }[] =
      [];
    for (let before = ''; pages.length === 0 || pages.at(-1)!.next; before = `&before=${pages.at(-1)!.next}`)
      pages.push(v.parse(newItemsAnswer, await (await harness.api(`/api/_watches/new?limit=20${before}`)).json()));
    expect(pages.map((page) => page.items.length)).toEqual([20, 20, 7]);
    expect(pages.flatMap((page) => page.items.map((item) => item.key))).toEqual(news.items.map((item) => item.key));
    expect(pages.every((page) => page.count === 47 && page.byWatch[watch.id] === 47)).toBe(true);
    expect(await (await harness.api('/api/_watches/new/count')).json()).toEqual({ count: 47 });
    for (const query of ['limit=0', 'limit=501', 'limit=2.5', 'before=bm90LWEtY3Vyc29y'])
      expect((await harness.api(`/api/_watches/new?${query}`)).status, query).toBe(400);
    const seen = await harness.api('/api/_watches/new/seen', {
      method: 'POST',
      body: JSON.stringify({ watchId: watch.id }),
    });
    expect(await seen.json()).toEqual({ marked: 47 });
    expect((await newItems(harness.api)).count).toBe(0);
    expect((await runsOf(harness.api, watch.id)).map((run) => run.newItems)).toEqual([25, 2, 20]);
    // Every answer reads with the contract's own schemas, as the Watches page parses them.
    const read = async (schema: v.GenericSchema, pathname: string) =>
      v.parse(schema, await (await harness.api(pathname)).json());
    await read(watchesAnswer, '/api/_watches');
    await read(watchAnswer, `/api/_watches/${watch.id}`);
    await read(watchRunsAnswer, `/api/_watches/${watch.id}/runs`);
    // In the spend breakdown by watch: its four pages; the prices learnt in the browser are no watch's.
    const byWatch = (await (await harness.api('/api/_spend?by=watch')).json()) as {
      groups: { key: string | null; credits: string }[];
    };
    expect(byWatch.groups.find((group) => group.key === watch.id)?.credits).toBe('0.4');
    expect(byWatch.groups.find((group) => group.key === null)?.credits).toBe('0.3');
    // In the metrics, read from the store.
    const metrics = await (await fetch(`${harness.origin}/metrics`)).text();
    expect(metrics).toMatch(/^creditscope_watch_runs\{state="done"\} 3$/m);
    expect(metrics).toMatch(/^creditscope_watch_runs\{state="running"\} 0$/m);
  });

  it('records posts whose text holds bytes a database or XML refuses, so the next run finds nothing new to buy', async () => {
    const harness = await server(store);
    const handle = 'grace__odd_text';
    const watch = await addWatch(harness.api, {
      kind: 'timeline',
      target: { screen_name: handle },
      schedule: { every: '1h' },
      cap: { credits: '100', per: 'day' },
    });
    expect(await runWatchNow(harness.api, watch)).toMatchObject({ state: 'done', calls: 1, newItems: 20 });
    const { items } = await newItems(harness.api);
    expect(items).toHaveLength(20);
    // NUL stands as U+FFFD (PostgreSQL text holds no NUL); the rest is kept as the upstream sent it.
    expect(items[0]!.preview).toContain('nul\ufffdbyte esc\u001b');
    expect(items.every((item) => !item.preview.includes('\u0000'))).toBe(true);
    // Each post was recorded, so the next run's first page is all seen: nothing new, and its next page not bought.
    expect(await runWatchNow(harness.api, watch)).toMatchObject({ state: 'done', calls: 1, newItems: 0 });
    expect(await timelineCalls(harness, handle)).toHaveLength(2);
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
      cap: { credits: '100', per: 'month' },
      pagesPerRun: 3,
    });
    const stopped = await runWatchNow(harness.api, operator);
    expect(stopped).toMatchObject({ state: 'refused', calls: 0 });
    expect(stopped.reason).toContain("server operator's credit limit");
    expect(await harness.upstreamLog('compilers')).toHaveLength(0);
    expect(await harness.upstreamLog('ada__w2')).toHaveLength(0);
    const listed = (await (await harness.api('/api/_watches')).json()) as { watches: Watch[] };
    const shown = listed.watches.find((watch) => watch.id === operator.id)!;
    expect(shown.lastRun?.reason).toContain('operator');
    expect(shown).toMatchObject({
      kind: 'timeline',
      name: '@ada__w2',
      target: { screen_name: 'ada__w2' },
      schedule: { cron: '*/5 9-17 * * 1-5' },
      timeZone: 'UTC',
      cap: { credits: '100', per: 'month' },
      match: [],
      pagesPerRun: 3,
      paused: false,
      owner: null,
      quote: {
        perRun: '0.3',
        perDayMax: '32.4',
        text: 'cron */5 9-17 * * 1-5 · at most 32.4 credits a day (cap 100 a month)',
      },
    });
  });

  it('weighs each page at the price the run has learnt so far: one page of unknown price, then none past the cap', async () => {
    // No prices learnt: a scheduled run is the first call of its kind on this store.
    const harness = await startProxyAgainstStandin({ CREDITSCOPE_WATCH_TICK_MS: '50' }, { store });
    cleanup.push(() => harness.close());
    const watch = await addWatch(harness.api, {
      kind: 'search',
      target: { q: 'unpriced watch' },
      schedule: { every: '1h' },
      cap: { credits: '0.2', per: 'day' },
      pagesPerRun: 5,
    });
    expect(watch.quote.perRun).toBeNull();
    await harness.identity.db.kysely
      .updateTable('watches')
      .set({ next_due_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', watch.id)
      .execute();
    const [run] = await waitFor(
      () => runsOf(harness.api, watch.id),
      (runs) => runs.length === 1 && runs[0]!.state !== 'running',
      15_000,
    );
    expect(run).toMatchObject({ state: 'done', calls: 1, credits: '0.2', trigger: 'schedule' });
    // Its price learnt from the first page, the second would pass the cap: before, each page was weighed at 0.
    expect(run!.reason).toBe('Stopped after 1 page: another would pass a limit.');
    expect(await harness.upstreamLog('unpriced watch')).toHaveLength(1);
  });

  it('stops a run whose watch is paused or deleted while it runs: the rest of its pages are not bought', async () => {
    const harness = await server(store);
    for (const ending of ['paused', 'deleted'] as const) {
      const handle = `ada__ends_${ending}`;
      await harness.fault({ match: handle, latencyMs: 700 });
      const watch = await addWatch(harness.api, {
        kind: 'timeline',
        target: { screen_name: handle },
        schedule: { every: '1h' },
        cap: { credits: '10', per: 'day' },
        pagesPerRun: 5,
      });
      // A baseline first, then 45 new posts: a run that would follow its cursor for 3 pages.
      await runWatchNow(harness.api, watch);
      await grow(harness.standin.url, handle, 45);
      const running = harness.api(`/api/_watches/${watch.id}/run`, {
        method: 'POST',
        body: JSON.stringify({ acceptedPerRun: watch.quote.perRun }),
      });
      await waitFor(
        () => timelineCalls(harness, handle),
        (calls) => calls.length === 2,
      );
      const changed =
        ending === 'paused'
          ? await harness.api(`/api/_watches/${watch.id}`, { method: 'PATCH', body: JSON.stringify({ paused: true }) })
          : await harness.api(`/api/_watches/${watch.id}`, { method: 'DELETE' });
      expect(changed.status, ending).toBeLessThan(300);
      const answer = await running;
      expect(answer.status, ending).toBe(200);
      const { run } = (await answer.json()) as { run: WatchRun };
      expect(run.reason, ending).toMatch(new RegExp(`the watch was ${ending} during the run`));
      // The page in flight when it changed lands; no page after it.
      expect(run.calls, ending).toBe(1);
      expect(await timelineCalls(harness, handle), ending).toHaveLength(2);
    }
  });
});

describe('watch drafts, edits, match words and owners', () => {
  it('refuses a bad draft with every problem named, and stores nothing', async () => {
    const harness = await server('sqlite');
    /** A create refused: its 400's words. */
    const refusal = async (draft: Record<string, unknown>) => {
      const response = await harness.api('/api/_watches', { method: 'POST', body: JSON.stringify(draft) });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { message: string } }).error.message;
    };
    const message = await refusal({
      kind: 'timeline',
      target: { screen_name: 'no spaces' },
      schedule: { cron: '* * * * * *' },
      timeZone: 'Mars/Olympus',
      cap: { credits: '-1', per: 'week' },
      pagesPerRun: 9,
    });
    for (const part of ['screen_name', 'five fields', 'Mars/Olympus', 'cap.credits', 'per "month"', 'pagesPerRun'])
      expect(message).toContain(part);
    // A name or match word with a control character is refused whole, not cut at its NUL.
    const good = {
      kind: 'timeline',
      target: { screen_name: 'grace' },
      schedule: { every: '1h' },
      cap: { credits: 1, per: 'day' },
    };
    expect(await refusal({ ...good, name: 'a\u0000b' })).toContain('name "a\\u0000b" has a control character (U+0000)');
    expect(await refusal({ ...good, match: ['ok', 'line\nbreak'] })).toContain(
      'match word "line\\nbreak" has a control character (U+000A)',
    );
    expect(((await (await harness.api('/api/_watches')).json()) as { watches: Watch[] }).watches).toEqual([]);
    // The form's free quote: nothing stored or bought; a day never past the cap, even a month's.
    const quoted = await harness.api('/api/_watches/quote', {
      method: 'POST',
      body: JSON.stringify({
        kind: 'search',
        target: { q: 'quoted only', num: 20 },
        schedule: { every: '15m' },
        cap: { credits: 5, per: 'month' },
      }),
    });
    expect(await quoted.json()).toEqual({
      quote: { perRun: '0.2', perDayMax: '5', text: 'every 15 minutes · at most 5 credits a day (cap 5 a month)' },
    });
    expect(await harness.upstreamLog('quoted only')).toHaveLength(0);
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

    // Edits: pausing clears the next run, a new schedule counts from now, the kind stays.
    const patch = (body: unknown) =>
      harness.api(`/api/_watches/${watch.id}`, { method: 'PATCH', body: JSON.stringify(body) });
    const paused = (await (await patch({ paused: true })).json()) as { watch: Watch };
    expect(paused.watch).toMatchObject({ paused: true, nextRunAt: null });
    const daily = (await (
      await patch({ paused: false, schedule: { daily: '09:00' }, timeZone: 'Asia/Tokyo' })
    ).json()) as {
      watch: Watch;
    };
    // 09:00 in Tokyo is 00:00 UTC.
    expect(new Date(daily.watch.nextRunAt!).toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect((await patch({ kind: 'search' })).status).toBe(400);
    expect((await patch({ name: 'tab\there' })).status).toBe(400);
    // A name saved before they were refused still reads, and does not stop a change of another field.
    const db = await openRaw({ dataDir: harness.dataDir, databaseUrl: null });
    await db.kysely.updateTable('watches').set({ name: 'legacy\tname' }).where('id', '=', watch.id).execute();
    await db.close();
    expect((await harness.api('/api/_watches')).status).toBe(200);
    expect((await patch({ pagesPerRun: 2 })).status).toBe(200);
    await patch({ name: '@grace', pagesPerRun: 1 });
    expect(((await (await harness.api(`/api/_watches/${watch.id}`)).json()) as { watch: Watch }).watch.name).toBe(
      '@grace',
    );
    expect((await harness.api(`/api/_watches/${watch.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await harness.api(`/api/_watches/${watch.id}`)).status).toBe(404);
  });

  it('keeps items without a match word out of what is new, and a run a person’s own limit would pass from starting', async () => {
    process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
    const harness = await server('sqlite', { CREDITSCOPE_AUTH: 'accounts' });
    const cookie = await signedInPerson(harness, 'alice', 'member', { credits: '0.55', period: 'day' });
    const alice: typeof harness.api = (pathname, init = {}) =>
      harness.api(pathname, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    await learnPrices(alice);
    const unmatched = await addWatch(alice, {
      kind: 'timeline',
      target: { screen_name: 'grace__m1' },
      schedule: { every: '1h' },
      cap: { credits: '1', per: 'day' },
      match: ['no-such-word-anywhere'],
    });
    expect(unmatched.owner).toBe('alice');
    expect(await runWatchNow(alice, unmatched)).toMatchObject({ state: 'done', calls: 1, newItems: 0 });
    expect((await newItems(alice)).count).toBe(0);
    // Her 0.55 a day: 0.4 spent, a run of two pages (0.2) would pass it.
    const two = await addWatch(alice, {
      kind: 'timeline',
      target: { screen_name: 'ada__m2' },
      schedule: { every: '1h' },
      cap: { credits: '1', per: 'day' },
      pagesPerRun: 2,
    });
    const refused = await runWatchNow(alice, two);
    expect(refused).toMatchObject({ state: 'refused', calls: 0 });
    expect(refused.reason).toContain("alice's own credit limit");
    expect(await harness.upstreamLog('ada__m2')).toHaveLength(0);
    // Hers only: nobody signed in sees nothing.
    expect((await harness.api('/api/_watches')).status).toBe(401);
    // Removed, her watches buy nothing more: paused in the transaction that removes her.
    await new PeopleAdmin(harness.identity, 'cli').remove('alice');
    const db = await openRaw({ dataDir: harness.dataDir, databaseUrl: null });
    const left = await db.kysely.selectFrom('watches').select(['paused', 'next_due_at']).execute();
    await db.close();
    expect(left).toEqual([
      { paused: 1, next_due_at: null },
      { paused: 1, next_due_at: null },
    ]);
  });
});
