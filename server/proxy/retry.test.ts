import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { HEADER } from '../../src/contract/index.ts';

interface ErrorBody {
  error: { status: number; charged: string; message: string; retryAfter?: number };
}

let harness: ProxyHarness;
beforeAll(async () => {
  harness = await startProxyAgainstStandin({ UPSTREAM_TIMEOUT_MS: '500' }, { relay: true });
});
afterAll(async () => {
  await harness.close();
});

const timeline = (handle: string) => harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`);
const rowFor = async (handle: string) =>
  (await harness.state()).rows.filter((row) => row.params.screen_name === handle);

/** One request through the proxy: its answer, what reached the stand-in, and its ledger rows. */
async function buy(handle: string) {
  const response = await timeline(handle);
  const body = (await response.json()) as ErrorBody;
  return { response, body, calls: await harness.upstreamLog(handle), rows: await rowFor(handle) };
}

describe('retried inside the proxy, only where the upstream cannot have charged', () => {
  it('a 503 twice then a page: three calls upstream, one ledger row with three attempts', async () => {
    await harness.fault({ match: 'ada__retry503', status: 503, body: 'json-error', times: 2 });
    const { response, calls, rows } = await buy('ada__retry503');
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(3);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts.map((attempt) => [attempt.status, attempt.charged])).toEqual([
      [503, 'no'],
      [503, 'no'],
      [200, 'yes'],
    ]);
    expect(rows[0]).toMatchObject({ ok: true, charged: 'yes', credits: '0.1' });
    // Backoff 250 ms, then 1 s, as seen by the stand-in.
    const gaps = calls.slice(1).map((call, index) => Date.parse(call.at) - Date.parse(calls[index]!.at));
    expect(gaps[0]).toBeGreaterThanOrEqual(240);
    expect(gaps[1]).toBeGreaterThanOrEqual(990);
  });

  it('a 503 that keeps failing: three calls, then "503 Service Unavailable", charged no, nothing spent', async () => {
    await harness.fault({ match: 'grace__always503', status: 503, body: 'text' });
    const { response, body, calls, rows } = await buy('grace__always503');
    expect([response.status, calls.length]).toEqual([503, 3]);
    expect(body.error).toMatchObject({ status: 503, charged: 'no' });
    expect(body.error.message).toMatch(/^503 Service Unavailable/);
    expect(response.headers.get(HEADER.charged)).toBe('no');
    expect(rows.map((row) => [row.charged, row.credits, row.attempts.length])).toEqual([['no', '0', 3]]);
  });

  it('429 with Retry-After: 1 waits at least that long, then buys once', async () => {
    await harness.fault({ match: 'ada__ra1', status: 429, body: 'json', retryAfter: '1', times: 1 });
    const { response, calls, rows } = await buy('ada__ra1');
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(Date.parse(calls[1]!.at) - Date.parse(calls[0]!.at)).toBeGreaterThanOrEqual(990);
    expect(rows).toHaveLength(1);
  });

  it('429 with Retry-After over 5 s is not retried: the browser gets retryAfter', async () => {
    await harness.fault({ match: 'ada__ra30', status: 429, body: 'json', retryAfter: '30', times: 1 });
    const { response, body, calls } = await buy('ada__ra30');
    expect([response.status, calls.length]).toEqual([429, 1]);
    expect(body.error).toMatchObject({ retryAfter: 30, charged: 'no' });
  });

  const never: [string, string, () => Promise<unknown>, number, string][] = [
    [
      'a timeout',
      'ada__nr_timeout',
      () => harness.fault({ match: 'ada__nr_timeout', latencyMs: 1200, times: 1 }),
      504,
      'unknown',
    ],
    [
      'a connection cut after the request was sent',
      'ada__nr_cut',
      async () => harness.relay!.rule({ match: 'ada__nr_cut', action: 'cut' }),
      502,
      'unknown',
    ],
    [
      'a 200 cut off mid-body',
      'ada__nr_cutbody',
      async () => harness.relay!.rule({ match: 'ada__nr_cutbody', action: 'cut-body' }),
      502,
      'unknown',
    ],
    [
      'a truncated 200',
      'ada__nr_truncated',
      () => harness.fault({ match: 'ada__nr_truncated', status: 200, body: 'truncated' }),
      502,
      'unknown',
    ],
    [
      'a 503 carrying meta.credits',
      'ada__nr_charged503',
      async () => {
        await harness.fault({ match: 'ada__nr_charged503', status: 503, body: 'json' });
        harness.relay!.rule({ match: 'ada__nr_charged503', action: 'credits' });
      },
      503,
      'yes',
    ],
    [
      'a 200 with success:false',
      'ada__nr_successfalse',
      () => harness.fault({ match: 'ada__nr_successfalse', status: 200, body: 'success-false' }),
      200,
      'yes',
    ],
  ];
  it.each(never)(
    'never retries %s, and says whether it was charged',
    async (_name, handle, arrange, status, charged) => {
      await arrange();
      const { response, body, calls, rows } = await buy(handle);
      expect(calls).toHaveLength(1);
      expect(response.status).toBe(status);
      expect([body.error.charged, response.headers.get(HEADER.charged)]).toEqual([charged, charged]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.charged).toBe(charged);
      expect(rows[0]!.attempts).toHaveLength(1);
    },
  );

  // The timeout is short enough to wait out, and long enough that the first, ordinary call never meets it on a busy machine.
  it('books a call of unknown charge at the going price and counts it as a call; a charged 503 at its meta.credits', async () => {
    const own = await startProxyAgainstStandin({ UPSTREAM_TIMEOUT_MS: '1000' }, { relay: true });
    try {
      expect((await own.api('/api/v1/social/microblog/posts?screen_name=ada__price')).status).toBe(200);
      await own.fault({ match: 'ada__booked', latencyMs: 2_500, times: 1 });
      expect((await own.api('/api/v1/social/microblog/posts?screen_name=ada__booked')).status).toBe(504);
      await own.fault({ match: 'ada__charged', status: 503, body: 'json', times: 1 });
      own.relay!.rule({ match: 'ada__charged', action: 'credits' });
      expect((await own.api('/api/v1/social/microblog/posts?screen_name=ada__charged')).status).toBe(503);
      const state = await own.state();
      expect(state.rows.map((row) => [row.status, row.charged, row.credits])).toEqual([
        [200, 'yes', '0.1'],
        [504, 'unknown', '0.1'],
        [503, 'yes', '0.1'],
      ]);
      expect(state.session).toMatchObject({ calls: 3, failedFree: 0, total: '0.3' });
      expect(state.prices.timeline).toBe('0.1');
    } finally {
      await own.close();
    }
  });
});

describe('an upstream that refuses connections', () => {
  it('is tried three times (nothing was sent, nothing charged) and answered 502 charged no', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const closed = await startProxyAgainstStandin({}, { baseUrl: `http://127.0.0.1:${port}` });
    try {
      const started = performance.now();
      const response = await closed.api('/api/v1/social/microblog/posts?screen_name=ada__refused');
      const body = (await response.json()) as ErrorBody;
      expect(response.status).toBe(502);
      expect(body.error).toMatchObject({ charged: 'no' });
      expect(body.error.message).toMatch(/^502 Bad Gateway: could not reach the upstream/);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1240);
      const { rows, session } = await closed.state();
      expect(rows.map((row) => [row.charged, row.credits, row.attempts.length])).toEqual([['no', '0', 3]]);
      expect(session).toMatchObject({ calls: 0, failedFree: 1 });
    } finally {
      await closed.close();
    }
  });
});
