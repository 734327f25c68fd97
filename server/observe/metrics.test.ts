import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Sqlite from 'libsql';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { HEADER } from '../../src/contract/index.ts';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, waitFor, type HarnessOptions, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { isLoopbackAddress } from '../http/metrics-access.ts';
import { learnPrices, settledJob, startJob } from '../testing/jobs.ts';
import { signedInPerson } from '../testing/people.ts';
import { addWatch, runWatchNow, setWebhook } from '../testing/watches.ts';
import { startWebhookReceiver } from '../testing/webhook-receiver.ts';

/**
 * GET /metrics, /readyz and /healthz on the real server over real HTTP, the stand-in as upstream (its call log
 * proves each spend), on both stores. promtool (Debian's prometheus package, scripts/ensure-promtool.mjs) checks
 * the exposition: without it this file fails, it does not skip.
 */
beforeAll(() => {
  process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
});
const open: ProxyHarness[] = [];
afterEach(async () => {
  for (const harness of open.splice(0)) await harness.close();
});
async function start(env: Record<string, string> = {}, options: HarnessOptions = {}) {
  const harness = await startProxyAgainstStandin(env, options);
  open.push(harness);
  return harness;
}

const PROMTOOL = '/usr/bin/promtool';
const timeline = (handle: string) => `/api/v1/social/microblog/posts?screen_name=${handle}`;

/** The samples of a Prometheus text exposition: `name{a="b"} 1.5` → { name, labels, value }. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      return {
        name: name!,
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, val]) => [key!, val!])),
        value: Number(value),
      };
    });
}
/** The one sample of `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(text).filter(
    (entry) => entry.name === name && Object.entries(labels).every(([key, val]) => entry.labels[key] === val),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

/** GET /metrics with node:http, which sends a Host header as given (fetch replaces it), as a scraper or proxy would. */
function scrape(harness: ProxyHarness, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string | undefined; text: string }>((resolve, reject) => {
    http
      .get(`${harness.origin}/metrics`, { headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, type: response.headers['content-type'], text }),
        );
      })
      .on('error', reject);
  });
}

describe.each(STORE_KINDS)('on the %s store', (store: StoreKind) => {
  it('counts one paid call by exactly its credits, a free archive page and what it saved; promtool accepts it', async () => {
    const harness = await start({ CREDIT_LIMIT: '5' }, { store });
    // A price with more decimals than the default, so "exactly" means something.
    await fetch(`${harness.standin.url}/_control/credits`, {
      method: 'POST',
      body: JSON.stringify({ timeline: 0.137 }),
    });
    // The session limit set from the browser (loopback: nobody's session).
    const limitSet = await harness.api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: '1' }) });
    expect(limitSet.status).toBe(200);
    const before = await scrape(harness);
    expect(before.status, before.text).toBe(200);
    expect(sample(before.text, 'creditscope_limit_remaining_credits', { limit: 'session' })).toBe(1);
    expect(sample(before.text, 'creditscope_credits_spent_total', { operation: 'timeline', outcome: 'ok' })).toBe(0);
    expect(sample(before.text, 'creditscope_store_up')).toBe(1);
    expect(sample(before.text, 'creditscope_limit_remaining_credits', { limit: 'operator' })).toBe(5);

    const bought = await harness.api(timeline('ada'));
    expect(bought.status).toBe(200);
    const credits = bought.headers.get(HEADER.credits)!;
    expect(credits).toBe('0.137');
    const sent = await harness.upstreamLog('ada');
    expect(sent).toHaveLength(1);

    const after = await scrape(harness);
    expect(after.status).toBe(200);
    expect(after.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(after.text, 'creditscope_credits_spent_total', { operation: 'timeline', outcome: 'ok' })).toBe(
      Number(credits),
    );
    expect(sample(after.text, 'creditscope_paid_calls_total', { operation: 'timeline', outcome: 'ok' })).toBe(
      sent.length,
    );
    expect(sample(after.text, 'creditscope_upstream_request_duration_seconds_count', { operation: 'timeline' })).toBe(
      1,
    );
    expect(sample(after.text, 'creditscope_limit_remaining_credits', { limit: 'operator' })).toBe(4.863);
    expect(sample(after.text, 'creditscope_limit_remaining_credits', { limit: 'session' })).toBe(0.863);
    expect(sample(after.text, 'creditscope_jobs', { state: 'running' })).toBe(0);

    // The same page again: from the archive, free, no second call upstream.
    const again = await harness.api(timeline('ada'));
    expect(again.headers.get(HEADER.source)).toBe('archive');
    expect(await harness.upstreamLog('ada')).toHaveLength(1);
    const free = await scrape(harness);
    expect(sample(free.text, 'creditscope_free_pages_total', { operation: 'timeline', source: 'archive' })).toBe(1);
    expect(sample(free.text, 'creditscope_credits_saved_total', { operation: 'timeline', source: 'archive' })).toBe(
      Number(credits),
    );
    expect(sample(free.text, 'creditscope_credits_spent_total', { operation: 'timeline', outcome: 'ok' })).toBe(
      Number(credits),
    );
    // No handle, query or person anywhere in it.
    expect(free.text).not.toMatch(/ada/);

    // A call the upstream refuses is a paid call too, counted by its outcome and what its row books.
    await harness.fault({ match: 'grace__missing', status: 404, body: 'json-error', times: 1 });
    const failed = await harness.api(timeline('grace__missing'));
    expect(failed.status).toBe(404);
    expect(await harness.upstreamLog('grace__missing')).toHaveLength(1);
    const afterFailure = await scrape(harness);
    expect(
      sample(afterFailure.text, 'creditscope_paid_calls_total', { operation: 'timeline', outcome: 'failed' }),
    ).toBe(1);
    expect(
      sample(afterFailure.text, 'creditscope_credits_spent_total', { operation: 'timeline', outcome: 'failed' }),
    ).toBe(Number(failed.headers.get(HEADER.credits)));
    expect(sample(afterFailure.text, 'creditscope_paid_calls_total', { operation: 'timeline', outcome: 'ok' })).toBe(1);

    expect(fs.existsSync(PROMTOOL), `${PROMTOOL} is missing: run node scripts/ensure-promtool.mjs`).toBe(true);
    const check = spawnSync(PROMTOOL, ['check', 'metrics'], { input: afterFailure.text, encoding: 'utf8' });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
  });

  it("what is left of the people's own limits (the least, no names) and jobs by state, read from the store", async () => {
    const harness = await start({ CREDITSCOPE_AUTH: 'accounts' }, { store });
    const alice = await signedInPerson(harness, 'alice', 'member', { credits: '0.5', period: 'day' });
    await signedInPerson(harness, 'bob', 'member', { credits: '1', period: 'total' });
    const before = await scrape(harness);
    expect(sample(before.text, 'creditscope_limit_remaining_credits', { limit: 'person' })).toBe(0.5);
    expect(sample(before.text, 'creditscope_limit_remaining_credits', { limit: 'operator' })).toBe(undefined);
    expect(sample(before.text, 'creditscope_limit_remaining_credits', { limit: 'session' })).toBe(undefined);

    const asAlice = (pathname: string, init: RequestInit = {}) =>
      harness.api(pathname, { ...init, headers: { cookie: alice, ...(init.headers as Record<string, string>) } });
    await learnPrices(asAlice, 'metrics');
    const { job } = await startJob(asAlice, { handles: ['ada__job'], timeline: { pages: 1 } });
    await settledJob(asAlice, job.id);
    const spent = await harness.upstreamLog();
    expect(spent).toHaveLength(3);
    const after = await scrape(harness);
    // Alice: 0.1 + 0.2 + 0.1 of her 0.5 a day; bob has all of his 1.
    expect(sample(after.text, 'creditscope_limit_remaining_credits', { limit: 'person' })).toBe(0.1);
    expect(sample(after.text, 'creditscope_jobs', { state: 'done' })).toBe(1);
    expect(sample(after.text, 'creditscope_jobs', { state: 'running' })).toBe(0);
    expect(sample(after.text, 'creditscope_paid_calls_total', { operation: 'timeline', outcome: 'ok' })).toBe(2);
    expect(sample(after.text, 'creditscope_paid_calls_total', { operation: 'search', outcome: 'ok' })).toBe(1);
    expect(after.text).not.toMatch(/alice|bob|ada/);
  });

  it("webhook deliveries of watches' runs by state, read from the store: delivered, failed after its retry", async () => {
    const receiver = await startWebhookReceiver();
    onTestFinished(() => receiver.close());
    // One retry, soon: a delivery refused twice has failed.
    const harness = await start({ CREDITSCOPE_WATCH_TICK_MS: '100', CREDITSCOPE_WEBHOOK_RETRY_MS: '50' }, { store });
    await learnPrices(harness.api, 'metrics');
    const before = await scrape(harness);
    for (const state of ['pending', 'delivered', 'failed'])
      expect(sample(before.text, 'creditscope_webhook_deliveries', { state }), state).toBe(0);

    // Two watches, each with its own webhook at the same receiver, run one after another: each run's 20 posts are
    // new, so each makes one delivery. The receiver takes the first; it refuses the second and its one retry.
    const deliveries = async (states: Record<string, number>) =>
      waitFor(
        async () => (await scrape(harness)).text,
        (text) =>
          Object.entries(states).every(
            ([state, count]) => sample(text, 'creditscope_webhook_deliveries', { state }) === count,
          ),
      );
    const runWithHook = async (handle: string) => {
      const watch = await addWatch(harness.api, {
        kind: 'timeline',
        target: { screen_name: handle },
        schedule: { every: '1h' },
        cap: { credits: '1', per: 'day' },
      });
      await setWebhook(harness.api, `/api/_watches/${watch.id}/webhook`, receiver.url);
      expect(await runWatchNow(harness.api, watch)).toMatchObject({ state: 'done', newItems: 20 });
    };
    await runWithHook('grace__mhook1');
    await deliveries({ pending: 0, delivered: 1, failed: 0 });
    receiver.failNext(500, 500);
    await runWithHook('grace__mhook2');
    const after = await deliveries({ pending: 0, delivered: 1, failed: 1 });
    expect(receiver.received.map((post) => post.answered)).toEqual([200, 500, 500]);
    // No watch's name, handle or address in it.
    expect(after).not.toMatch(/grace__mhook|127\.0\.0\.1/);
  });

  it('/readyz is 503 with the migrations missing, 200 with them; /healthz stays 200', async () => {
    const harness = await start({}, { store });
    const ready = await fetch(`${harness.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, store: 'up', unsettled: 0 });
    // A store restored from before the latest migration: the server must not be sent traffic until it is migrated.
    const last = '2026-11-27-person-001-sessions-person';
    const forget = `delete from kysely_migration where name = '${last}'`;
    if (harness.databaseUrl) {
      const client = new pg.Client({ connectionString: harness.databaseUrl });
      await client.connect();
      await client.query(forget);
      await client.end();
    } else {
      const db = new Sqlite(path.join(harness.dataDir, 'creditscope.db'));
      db.exec(forget);
      db.close();
    }
    const unmigrated = await fetch(`${harness.origin}/readyz`);
    expect(unmigrated.status).toBe(503);
    expect(await unmigrated.json()).toMatchObject({
      ready: false,
      store: 'up',
      pendingMigrations: [last],
      problem: expect.stringMatching(/lacks 1 migration/),
    });
    expect((await fetch(`${harness.origin}/healthz`)).status).toBe(200);
  });
});

describe('who may read /metrics', () => {
  const TOKEN = 'metrics-token-9c1e5b2d4f60aa7';

  it('a loopback scraper without credentials; a proxied or cross-site request is refused', async () => {
    const harness = await start({ ALLOWED_HOSTS: 'creditscope.example' });
    expect((await scrape(harness)).status).toBe(200);
    // A reverse proxy on this machine connects from loopback: what it forwards is not local.
    expect((await scrape(harness, { host: 'creditscope.example' })).status).toBe(403);
    expect((await scrape(harness, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    expect((await scrape(harness, { forwarded: 'for=127.0.0.1' })).status).toBe(403);
    // Another web page: another site's name (DNS rebinding), or a page's cross-site fetch.
    expect((await scrape(harness, { host: 'evil.example' })).status).toBe(403);
    const crossSite = await scrape(harness, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).not.toMatch(/creditscope_/);
    // No token is set: a bearer from anywhere is refused, and says how to allow it.
    const noToken = await scrape(harness, { authorization: `Bearer ${TOKEN}` });
    expect(noToken.status).toBe(403);
    expect(noToken.text).toMatch(/CREDITSCOPE_METRICS_TOKEN is not set/);
  });

  it("takes a socket's own address as loopback only for 127/8 and ::1, in either form", () => {
    for (const address of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '::', '0.0.0.0', '', undefined])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });

  it('a peer on another machine only with the right token', async () => {
    // Stands for a socket from another machine: no address is local to this server.
    const harness = await start(
      { CREDITSCOPE_METRICS_TOKEN: TOKEN, ALLOWED_HOSTS: 'creditscope.example' },
      { isLocalPeer: () => false },
    );
    const absent = await scrape(harness);
    expect(absent.status).toBe(403);
    expect(absent.text).toMatch(/need Authorization: Bearer/);
    expect((await scrape(harness, { authorization: `Bearer ${TOKEN}x` })).status).toBe(403);
    expect((await scrape(harness, { authorization: `Basic ${TOKEN}` })).status).toBe(403);
    const right = await scrape(harness, { authorization: `Bearer ${TOKEN}`, host: 'creditscope.example' });
    expect(right.status).toBe(200);
    expect(right.text).toMatch(/^# HELP creditscope_/m);
  });
});
