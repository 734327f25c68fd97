import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startStandin } from '../standin/server.ts';
import { TEST_TOKEN, type RowBody } from '../testing/harness.ts';
import { startProxyProcess, type ProxyProcess } from '../testing/store-processes.ts';
import { openScratch, scratchStore } from '../testing/store-reads.ts';
import { PeopleAdmin } from './admin.ts';
import { Identity } from './identity.ts';

const PRICE = '0.1';
const LIMIT = '1.05';
const timeline = (handle: string) => `/api/v1/social/microblog/posts?screen_name=${handle}`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a person on two server processes sharing one PostgreSQL', () => {
  it("holds alice's own limit across both under a burst: never over, every row hers", async () => {
    const store = await scratchStore('postgres');
    cleanups.push(() => store.remove());
    // alice and her key, added as `npm run user` adds them, in the store both processes will use.
    const opened = await openScratch(store);
    const admin = new PeopleAdmin(
      new Identity(opened.db, {
        mode: 'accounts',
        exposed: false,
        header: 'x-forwarded-user',
        trustedProxies: [],
        newcomers: 'viewer',
      }),
      'cli',
    );
    await admin.add('alice', 'member', { credits: LIMIT, period: 'day' });
    const key = await admin.key('alice', 'burst');
    await opened.close();

    const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
    cleanups.push(() => standin.close());
    const env = { CREDITSCOPE_AUTH: 'accounts' };
    const [a, b] = await Promise.all([
      startProxyProcess(store, standin.url, env),
      startProxyProcess(store, standin.url, env),
    ]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const asAlice = { authorization: `Bearer ${key}` };
    // One paid call through each first, so both really draw on her one limit.
    const warm = [
      await a.client.get(timeline('ada__pwarma'), asAlice),
      await b.client.get(timeline('ada__pwarmb'), asAlice),
    ];
    expect(warm.map((answer) => answer.status)).toEqual([200, 200]);
    const fire = (proxy: ProxyProcess, tag: string) =>
      Array.from({ length: 12 }, (_, index) => proxy.client.get(timeline(`ada__p${tag}${index}`), asAlice));
    const answers = [...warm, ...(await Promise.all([...fire(a, 'a'), ...fire(b, 'b')]))];

    expect(
      answers.filter((answer) => answer.status !== 200 && answer.status !== 402).map((answer) => answer.text),
    ).toEqual([]);
    const refusals = answers
      .filter((answer) => answer.status === 402)
      .map((answer) => answer.json<{ error: { kind: string; limitOwner: string } }>().error);
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((error) => error.kind === 'budget' && error.limitOwner === 'alice')).toBe(true);

    const log = (await (await fetch(`${standin.url}/_control/log?match=ada__p`)).json()) as unknown[];
    const spent = new Big(PRICE).times(log.length);
    // A known price must fit (#33): never over her limit, and short of it by less than one call's price.
    expect(spent.lte(LIMIT), `spent ${spent.toString()} in ${log.length} upstream calls`).toBe(true);
    expect(
      spent.gt(new Big(LIMIT).minus(PRICE)),
      `spent ${spent.toString()}: refused before her limit was reached`,
    ).toBe(true);

    const rows = (await a.client.get('/api/_session/calls?limit=500', asAlice)).json<{ rows: RowBody[] }>().rows;
    expect(rows).toHaveLength(log.length);
    expect(new Set(rows.map((row) => row.person))).toEqual(new Set(['alice']));
  }, 90_000);
});
