import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startStandin } from '../standin/server.ts';
import { TEST_TOKEN, type RowBody } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { httpClient, startProxyProcess, type ClientResponse, type ProxyProcess } from '../testing/store-processes.ts';
import { scratchStore, type ScratchStore } from '../testing/store-reads.ts';
import type { StoreKind } from './open.ts';
import { HEADER } from '../../src/contract/index.ts';

const PRICE = '0.1';
const SEARCH_PRICE = '0.2';
const timeline = (handle: string) => `/api/v1/social/microblog/posts?screen_name=${handle}`;

/** Two server processes on one store, in front of one stand-in: the stand-in's log is what was spent. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoProcesses(kind: StoreKind, env: Record<string, string> = {}) {
  const store: ScratchStore = await scratchStore(kind);
  cleanups.push(() => store.remove());
  const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
  cleanups.push(() => standin.close());
  const [a, b] = await Promise.all([
    startProxyProcess(store, standin.url, env),
    startProxyProcess(store, standin.url, env),
  ]);
  cleanups.push(
    () => a.stop(),
    () => b.stop(),
  );
  const upstreamLog = async (match: string) =>
    (await (await fetch(`${standin.url}/_control/log?match=${encodeURIComponent(match)}`)).json()) as {
      query: Record<string, string>;
    }[];
  const fault = (rule: object) =>
    fetch(`${standin.url}/_control/faults`, { method: 'POST', body: JSON.stringify(rule) });
  return { store, standin, a, b, upstreamLog, fault };
}

/** Every row of the current session, oldest first, read page by page through /api/_session/calls. */
async function allRows(proxy: ProxyProcess): Promise<RowBody[]> {
  const pages: RowBody[][] = [];
  let cursor: number | null = null;
  for (let page = 0; page < 100; page += 1) {
    const response = await proxy.client.get(
      `/api/_session/calls?limit=500${cursor === null ? '' : `&before=${cursor}`}`,
    );
    expect(response.status).toBe(200);
    const body = response.json<{ rows: RowBody[]; nextCursor: number | null }>();
    pages.unshift(body.rows);
    cursor = body.nextCursor;
    if (cursor === null) return pages.flat();
  }
  throw new Error('more than 100 pages of rows');
}

const header = (response: ClientResponse, name: string) => response.headers[name] as string | undefined;

describe.each(STORE_KINDS)('two server processes on one %s store', (kind) => {
  it('start at the same moment on a store that does not exist yet: all open it, one schema, one session', async () => {
    const store = await scratchStore(kind);
    cleanups.push(() => store.remove());
    const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
    cleanups.push(() => standin.close());
    const started = await Promise.allSettled([1, 2, 3].map(() => startProxyProcess(store, standin.url)));
    for (const result of started) if (result.status === 'fulfilled') cleanups.push(() => result.value.stop());
    expect(
      started
        .filter((result) => result.status === 'rejected')
        .map((result) => String((result as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const states = await Promise.all(
      started.map((result) => (result as PromiseFulfilledResult<ProxyProcess>).value.state()),
    );
    expect(new Set(states.map((state) => state.session.id)).size).toBe(1);
  }, 60_000);

  it('hold CREDIT_LIMIT together under 40 concurrent paid calls each: never over, every call booked once, the same totals in both', async () => {
    const { a, b, upstreamLog } = await twoProcesses(kind, { CREDIT_LIMIT: '1.05' });
    // One paid call through each first, so both really draw on the one budget (a burst alone may all land on one).
    const warm = [await a.client.get(timeline('ada__capwarma')), await b.client.get(timeline('ada__capwarmb'))];
    expect(warm.map((answer) => answer.status)).toEqual([200, 200]);
    const fire = (proxy: ProxyProcess, tag: string) =>
      Array.from({ length: 40 }, (_, index) => proxy.client.get(timeline(`ada__cap${tag}${index}`)));
    const answers = [...warm, ...(await Promise.all([...fire(a, 'a'), ...fire(b, 'b')]))];

    // Every answer is a page or the budget's refusal: nothing failed, nothing half-charged.
    expect(
      answers.filter((answer) => answer.status !== 200 && answer.status !== 402).map((answer) => answer.text),
    ).toEqual([]);
    expect(
      answers
        .filter((answer) => answer.status === 402)
        .every((answer) => answer.json<{ error: { kind: string } }>().error.kind === 'budget'),
    ).toBe(true);
    const sent = await upstreamLog('ada__cap');
    const spent = new Big(PRICE).times(sent.length);
    // A known price must fit (#33): never over the limit, and short of it by less than one call's price.
    expect(spent.lte('1.05'), `spent ${spent.toString()} for ${sent.length} upstream calls`).toBe(true);
    expect(
      spent.gt(new Big('1.05').minus(PRICE)),
      `spent ${spent.toString()}: refused before the limit was reached`,
    ).toBe(true);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(sent.length);

    const [stateA, stateB] = [await a.state(), await b.state()];
    expect(stateA.session).toEqual(stateB.session);
    expect(stateA.session).toMatchObject({ total: spent.toString(), calls: sent.length, failedFree: 0 });
    // What is left is less than a call's price: no control offers one (the browser weighs the price against it).
    expect(stateA.budget).toMatchObject({
      spentInPeriod: spent.toString(),
      remaining: new Big('1.05').minus(spent).toString(),
      limitBy: 'operator',
    });
    expect(stateB.budget).toEqual(stateA.budget);

    // Each upstream call is one ledger row, read the same from either process; each 200 names its row.
    const rows = await allRows(a);
    expect(await allRows(b)).toEqual(rows);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(rows).toHaveLength(sent.length);
    expect(rows.map((row) => String(row.params.screen_name)).sort()).toEqual(
      sent.map((call) => call.query.screen_name).sort(),
    );
    expect(rows.every((row) => row.credits === PRICE && row.charged === 'yes' && row.ok)).toBe(true);
    const answeredIds = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => header(answer, HEADER.callId));
    expect(answeredIds.sort()).toEqual(rows.map((row) => row.id).sort());
  }, 60_000);

  it('count a first call still in flight in the other process, whose price was unknown when it left, once that price is known', async () => {
    const { a, b, upstreamLog, fault } = await twoProcesses(kind, { CREDIT_LIMIT: '1.05' });
    // B's first call (its price scout) is slow at the upstream; A learns the price and spends meanwhile.
    await fault({ match: 'ada__slowscout', latencyMs: 1_500, times: 1 });
    const slow = b.client.get(timeline('ada__slowscout'));
    const deadline = Date.now() + 5_000;
    while ((await upstreamLog('ada__slowscout')).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const first = await a.client.get(timeline('ada__scouta'));
    expect(first.status).toBe(200);
    const rest = await Promise.all(
      Array.from({ length: 15 }, (_, index) => a.client.get(timeline(`ada__scout${index}`))),
    );
    expect((await slow).status).toBe(200);
    expect(rest.filter((answer) => answer.status !== 200 && answer.status !== 402)).toEqual([]);
    const sent = (await upstreamLog('ada__s')).length;
    const spent = new Big(PRICE).times(sent);
    expect(spent.lte(new Big('1.05').plus(PRICE)), `spent ${spent.toString()} for ${sent} upstream calls`).toBe(true);
    expect((await a.state()).budget.spentInPeriod).toBe(spent.toString());
  }, 60_000);

  it('hold CREDIT_LIMIT from the very first calls of a fresh store, prices not yet known: a mixed burst ends at most one call over', async () => {
    const { a, b, upstreamLog, fault } = await twoProcesses(kind, { CREDIT_LIMIT: '0.5' });
    // Searches (0.2) answer slowly, so the first search of each process is still in flight when timelines (0.1) learn their price.
    await fault({ match: 'mixslow', latencyMs: 600 });
    const search = (proxy: ProxyProcess, index: number) =>
      proxy.client.post('/api/v1/search', { q: `mixslow ${index}` });
    const fire = (proxy: ProxyProcess, tag: string) => [
      ...Array.from({ length: 4 }, (_, index) => search(proxy, index + (tag === 'a' ? 0 : 10))),
      ...Array.from({ length: 8 }, (_, index) => proxy.client.get(timeline(`ada__mix${tag}${index}`))),
    ];
    const answers = await Promise.all([...fire(a, 'a'), ...fire(b, 'b')]);

    expect(
      answers.filter((answer) => answer.status !== 200 && answer.status !== 402).map((answer) => answer.text),
    ).toEqual([]);
    const spent = new Big(SEARCH_PRICE)
      .times((await upstreamLog('mixslow')).length)
      .plus(new Big(PRICE).times((await upstreamLog('ada__mix')).length));
    // The limit plus the dearest call: a call whose price nobody knew yet went alone, so it could not stack on others.
    expect(spent.lte(new Big('0.5').plus(SEARCH_PRICE)), `spent ${spent.toString()}`).toBe(true);
    expect(spent.gte('0.5'), `spent ${spent.toString()}: refused before the limit was reached`).toBe(true);
    expect((await a.state()).budget.spentInPeriod).toBe(spent.toString());
  }, 60_000);

  it('sell one page once to two browsers on two processes: the second gets the archived answer, free', async () => {
    const { a, b, upstreamLog } = await twoProcesses(kind);
    const alice = httpClient(a.origin);
    const bob = httpClient(b.origin);
    cleanups.push(async () => {
      alice.close();
      bob.close();
    });

    const bought = await alice.get(timeline('ada__once'));
    expect(bought.status).toBe(200);
    expect(header(bought, HEADER.credits)).toBe(PRICE);
    expect(header(bought, HEADER.source)).toBeUndefined();
    const again = await bob.get(timeline('ada__once'));
    expect(again.status).toBe(200);
    expect(header(again, HEADER.source)).toBe('archive');
    expect(header(again, HEADER.credits)).toBe('0');
    expect(header(again, HEADER.charged)).toBe('no');
    expect(header(again, HEADER.callId)).toBe(header(bought, HEADER.callId));
    expect(again.text).toBe(bought.text);
    expect(await upstreamLog('ada__once')).toHaveLength(1);
    expect((await b.state()).session).toMatchObject({ calls: 1, total: PRICE });
  }, 60_000);

  it("sell one page once when both processes are asked at the same moment: one waits for the other's purchase", async () => {
    const { a, b, upstreamLog, fault } = await twoProcesses(kind);
    const alice = httpClient(a.origin);
    const bob = httpClient(b.origin);
    cleanups.push(async () => {
      alice.close();
      bob.close();
    });

    // A slow upstream answer keeps the first purchase pending while the other process asks.
    await fault({ match: 'ada__same', latencyMs: 400, times: 1 });
    const both = await Promise.all([alice.get(timeline('ada__same')), bob.get(timeline('ada__same'))]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await upstreamLog('ada__same')).toHaveLength(1);
    const sources = both.map((answer) => header(answer, HEADER.source) ?? 'upstream').sort();
    expect(sources).toEqual(['archive', 'upstream']);
    expect(both.map((answer) => header(answer, HEADER.credits)).sort()).toEqual(['0', PRICE]);
    expect(both[0]!.text).toBe(both[1]!.text);

    // And with no delay at all, many pages at once: every page is still one upstream call.
    const pages = Array.from({ length: 40 }, (_, index) => `ada__race${index}`);
    const answers = await Promise.all(pages.flatMap((page) => [alice.get(timeline(page)), bob.get(timeline(page))]));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const perPage = new Map<string, number>();
    for (const call of await upstreamLog('ada__race'))
      perPage.set(call.query.screen_name!, (perPage.get(call.query.screen_name!) ?? 0) + 1);
    expect([...perPage.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect(perPage.size).toBe(pages.length);
    expect((await a.state()).session).toMatchObject({ calls: 41, total: new Big(PRICE).times(41).toString() });
  }, 60_000);
});
