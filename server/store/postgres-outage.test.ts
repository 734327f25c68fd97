import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStandin } from '../standin/server.ts';
import { TEST_TOKEN } from '../testing/harness.ts';
import { createTestDatabase, startThrowawayPostgres, type ThrowawayPostgres } from '../testing/postgres.ts';
import { apiOf, startProxyProcess, type ClientResponse, type ProxyProcess } from '../testing/store-processes.ts';
import { HEADER } from '../../src/contract/index.ts';
import { addWatch } from '../testing/watches.ts';

/**
 * The PostgreSQL server stopping and starting again under a running creditscope (the production server,
 * in a process of its own): it stays up, refuses to buy while the store is away (507, nothing sent),
 * says so on /readyz (503, while /healthz, the process alive, stays 200), and comes back by itself. The cluster is this file's own, so stopping it
 * disturbs no other test.
 */
const BUDGET_LOCK = 7_310_417;
const timeline = (handle: string) => `/api/v1/social/microblog/posts?screen_name=${handle}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: ThrowawayPostgres;
let standin: Awaited<ReturnType<typeof startStandin>>;
beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  standin = await startStandin({ token: TEST_TOKEN, port: 0 });
}, 60_000);
afterAll(async () => {
  await standin?.close();
  await cluster?.stop();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function serverOnOwnDatabase(
  env: Record<string, string> = {},
): Promise<{ proxy: ProxyProcess; databaseUrl: string }> {
  const database = await createTestDatabase(cluster.url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-outage-'));
  cleanups.push(async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const proxy = await startProxyProcess({ dataDir, databaseUrl: database.url }, standin.url, env);
  cleanups.push(() => proxy.stop());
  return { proxy, databaseUrl: database.url };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  withinMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${withinMs / 1000} s (last: ${JSON.stringify(value)?.slice(0, 300)})`);
    await sleep(50);
  }
}

/** /readyz, or status 0 when the process no longer answers at all. */
const readiness = async (proxy: ProxyProcess) => {
  const response = await proxy.client.get('/readyz').catch(() => null);
  return {
    status: response?.status ?? 0,
    body: response?.json<{ ready: boolean; store: string; unsettled: number; problem?: string }>(),
  };
};
/** /healthz: the process alive, whatever the store. */
const liveness = async (proxy: ProxyProcess) => (await proxy.client.get('/healthz')).status;
const upstreamLog = async (match: string) =>
  (
    (await (await fetch(`${standin.url}/_control/log?match=${encodeURIComponent(match)}`)).json()) as {
      query: Record<string, string>;
    }[]
  ).map((call) => call.query.screen_name!);
const header = (response: ClientResponse, name: string) => response.headers[name] as string | undefined;

describe('the PostgreSQL server stopping and starting again', () => {
  it('under four buying clients: the server stays up, refuses with 507 while it is away, sends nothing, and recovers by itself', async () => {
    const { proxy, databaseUrl } = await serverOnOwnDatabase();
    expect((await proxy.client.get(timeline('ada__warm'))).status).toBe(200);
    expect(await readiness(proxy)).toMatchObject({ status: 200, body: { ready: true, store: 'up' } });

    // The budget lock held from outside, so a journal entry is waiting inside its transaction when the
    // server stops: a connection lent out at that moment is the one whose loss used to end the process.
    const holder = new pg.Client({ connectionString: databaseUrl });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [BUDGET_LOCK]);

    const answers: { page: string; response: ClientResponse }[] = [];
    const lost: string[] = [];
    let buying = true;
    const clients = [0, 1, 2, 3].map(async (client) => {
      for (let index = 0; buying && index < 2_000; index += 1) {
        const page = `ada__load${client}x${index}`;
        const response = await proxy.client.get(timeline(page)).catch((error: Error) => {
          lost.push(`${page}: ${error.message}`);
          return null;
        });
        if (!response) return;
        answers.push({ page, response });
        await sleep(20);
      }
    });
    await until(
      () =>
        query<{ waiting: string }>(
          databaseUrl,
          "select count(*) as waiting from pg_locks where locktype = 'advisory' and not granted",
        ),
      (rows) => Number(rows[0]!.waiting) > 0,
      'a journal entry waiting for the budget lock',
    );

    await cluster.pause();
    const down = await until(
      () => readiness(proxy),
      (seen) => seen.status === 503 || proxy.child.exitCode !== null,
      '/readyz saying the store is down',
    );
    expect(proxy.child.exitCode, `the server died: ${proxy.output()}`).toBeNull();
    expect(down.body).toMatchObject({ ready: false, store: 'down', problem: expect.any(String) });
    // Not ready, but alive: a liveness probe must not restart a process that is waiting for its database.
    expect(await liveness(proxy)).toBe(200);
    const scraped = await proxy.client.get('/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.text).toMatch(/^creditscope_store_up 0$/m);
    // Away for a while, with the four clients still asking.
    await sleep(1_500);
    const whileDown = await proxy.client.get(timeline('ada__whiledown'));
    expect(whileDown.status, whileDown.text).toBe(507);
    expect(whileDown.json<{ error: { message: string; charged: string } }>().error).toMatchObject({
      charged: 'no',
      message: expect.stringMatching(/^Not sent, nothing charged/),
    });
    expect(header(whileDown, HEADER.charged)).toBe('no');
    expect(proxy.child.exitCode, proxy.output()).toBeNull();

    await cluster.resume();
    const resumed = Date.now();
    await until(
      () => readiness(proxy),
      (seen) => seen.status === 200,
      '/readyz saying the store is back',
    );
    const recoveryMs = Date.now() - resumed;
    buying = false;
    await Promise.all(clients);
    expect(lost, 'requests the server never answered').toEqual([]);
    const after = await proxy.client.get(timeline('ada__after'));
    expect(after.status, after.text).toBe(200);
    expect(proxy.child.exitCode, proxy.output()).toBeNull();
    expect(proxy.output()).not.toMatch(/Unhandled|Connection terminated/);
    console.info(`database back: the server answered /readyz 200 after ${recoveryMs} ms`);

    // Every answer was a page or a refusal that nothing was sent; no refused page reached the upstream.
    const refused = answers.filter(({ response }) => response.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(
      refused
        .filter(({ response }) => response.status !== 507 || header(response, HEADER.charged) !== 'no')
        .map(({ response }) => `${response.status} ${response.text}`),
    ).toEqual([]);
    const sent = await upstreamLog('ada__');
    const refusedPages = new Set([...refused.map(({ page }) => page), 'ada__whiledown']);
    expect(sent.filter((page) => refusedPages.has(page))).toEqual([]);
    // Every call the upstream saw is a settled row: none missing, none left pending.
    const rows = await query<{ params: string; state: string }>(databaseUrl, 'select params, state from purchases');
    const booked = new Map(
      rows.map((row) => [(JSON.parse(row.params) as { screen_name: string }).screen_name, row.state]),
    );
    expect(sent.filter((page) => booked.get(page) !== 'settled')).toEqual([]);
    expect(rows.filter((row) => row.state !== 'settled')).toEqual([]);
  }, 90_000);

  it('an answer that arrives while it is away is delivered, and its row and archived page are written once it is back', async () => {
    const { proxy, databaseUrl } = await serverOnOwnDatabase();
    expect((await proxy.client.get(timeline('ada__warmlate'))).status).toBe(200);
    await fetch(`${standin.url}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: 'ada__late', latencyMs: 2_500, times: 1 }),
    });
    const pending = proxy.client.get(timeline('ada__late'));
    // Journalled and sent: the upstream has the call; now the store goes away before it answers.
    await until(
      () => upstreamLog('ada__late'),
      (seen) => seen.length === 1,
      'the call reaching the upstream',
    );
    await cluster.pause();
    const answer = await pending;
    expect(answer.status, answer.text).toBe(200);
    expect(header(answer, HEADER.credits)).toBe('0.1');
    expect(header(answer, HEADER.charged)).toBe('yes');
    const callId = header(answer, HEADER.callId)!;
    expect(answer.json<{ success: boolean }>().success).not.toBe(false);
    expect((await readiness(proxy)).body).toMatchObject({ ready: false, store: 'down', unsettled: 1 });

    await cluster.resume();
    await until(
      () => readiness(proxy),
      (seen) => seen.status === 200,
      'the kept settlement written and /readyz up',
    );
    const [row] = await query<{ id: string; state: string; credits: string; charged: string }>(
      databaseUrl,
      `select id, state, credits, charged from purchases where page_key like '%ada\\_\\_late%'`,
    );
    expect(row).toEqual({ id: callId, state: 'settled', credits: '0.1', charged: 'yes' });
    const again = await proxy.client.get(timeline('ada__late'));
    expect(header(again, HEADER.source)).toBe('archive');
    expect(again.text).toBe(answer.text);
    expect(await upstreamLog('ada__late')).toHaveLength(1);
    expect(proxy.child.exitCode, proxy.output()).toBeNull();
  }, 90_000);
});

describe('watches while PostgreSQL is away (#37)', () => {
  it('runs nothing while the store is down, and the due time once when it is back', async () => {
    const { proxy, databaseUrl } = await serverOnOwnDatabase({ CREDITSCOPE_WATCH_TICK_MS: '50' });
    expect((await proxy.client.get(timeline('quiet__wprice'))).status).toBe(200);
    const watch = await addWatch(apiOf(proxy), {
      kind: 'timeline',
      target: { screen_name: 'grace__out' },
      schedule: { every: '1h' },
      cap: { credits: '1', per: 'day' },
    });
    // Due in a moment, a moment the store is away for.
    const due = new Date(Date.now() + 1_000).toISOString();
    await query(databaseUrl, `update watches set next_due_at = '${due}' where id = '${watch.id}'`);
    await cluster.pause();
    await sleep(3_000);
    expect(await upstreamLog('grace__out')).toEqual([]);
    expect(proxy.child.exitCode, proxy.output()).toBeNull();

    await cluster.resume();
    await until(
      () => upstreamLog('grace__out'),
      (calls) => calls.length === 1,
      'the due run once the store is back',
    );
    const runs = await until(
      () =>
        query<{ state: string; due_at: string }>(
          databaseUrl,
          `select state, due_at from watch_runs where watch_id = '${watch.id}'`,
        ),
      (rows) => rows.every((row) => row.state !== 'running'),
      'the run finished',
    );
    expect(runs).toEqual([{ state: 'done', due_at: due }]);
    await sleep(500);
    expect(await upstreamLog('grace__out')).toHaveLength(1);
  }, 90_000);
});
