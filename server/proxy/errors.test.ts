import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { parseRetryAfter } from './errors.ts';
import { HEADER } from '../../src/contract/index.ts';

interface ErrorBody {
  success: boolean;
  error: {
    kind: string;
    message: string;
    status: number;
    charged: string;
    retryAfter?: number;
    upstreamAnswered?: true;
  };
}

let harness: ProxyHarness;
beforeAll(async () => {
  harness = await startProxyAgainstStandin({ UPSTREAM_TIMEOUT_MS: '500' });
});
afterAll(async () => {
  await harness.close();
});

const timeline = (handle: string) => harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`);

describe('upstream errors are normalised and named by their real status', () => {
  // `times` covers the first try and both retries, where the proxy retries.
  const cases: [string, object, number, string, RegExp][] = [
    ['JSON message', { status: 400, body: 'json' }, 400, 'bad_request', /^400 Bad Request: Injected failure 400$/],
    ['JSON error object', { status: 401, body: 'json-error' }, 401, 'auth', /^401 Unauthorized: Injected failure 401$/],
    [
      'HTML gateway page with a 503',
      { status: 503, body: 'html', times: 3 },
      503,
      'upstream',
      /^503 Service Unavailable: the upstream sent an HTML error page$/,
    ],
    [
      'HTML gateway page with a 500',
      { status: 500, body: 'html', times: 3 },
      500,
      'upstream',
      /^500 Internal Server Error/,
    ],
    [
      'plain text',
      { status: 503, body: 'text', times: 3 },
      503,
      'upstream',
      /^503 Service Unavailable: Error 503: something went wrong$/,
    ],
    [
      'unknown shape',
      { status: 500, body: 'unknown-shape', times: 3 },
      500,
      'upstream',
      /^500 Internal Server Error: the upstream failed$/,
    ],
    ['empty body', { status: 504, body: 'empty', times: 3 }, 504, 'upstream', /^504 Gateway Timeout/],
    [
      '429 with a long Retry-After',
      { status: 429, body: 'json', retryAfter: '7' },
      429,
      'rate_limited',
      /^429 Too Many Requests/,
    ],
    [
      'success:false with 200',
      { status: 200, body: 'success-false' },
      200,
      'upstream',
      /could not complete the request/,
    ],
    [
      'truncated JSON with 200',
      { status: 200, body: 'truncated' },
      502,
      'invalid_response',
      /^502 Bad Gateway: .*not valid JSON/,
    ],
  ];
  it.each(cases)('%s', async (name, rule, status, kind, message) => {
    const tag = `grace__err${name.replace(/\W/g, '').toLowerCase()}`;
    await harness.fault({ match: tag, ...rule });
    const response = await timeline(tag);
    expect(response.status).toBe(status);
    const body = (await response.json()) as ErrorBody;
    expect(body.success).toBe(false);
    expect(body.error).toMatchObject({ kind, status });
    expect(body.error.message).toMatch(message);
    expect(body.error.message).not.toMatch(/<html|<body/i);
    // The upstream's own 4xx or 5xx says so; the browser names the upstream only then (src/api/error-words.ts).
    if (status === (rule as { status: number }).status && status >= 400) expect(body.error.upstreamAnswered).toBe(true);
    expect(response.headers.get(HEADER.charged)).toBe(body.error.charged);
    if ('retryAfter' in rule) {
      expect(body.error.retryAfter).toBe(7);
      expect(response.headers.get('retry-after')).toBe('7');
    }
  });

  it('never describes a 503 as a 502, whatever its error page says', async () => {
    await harness.fault({ match: 'grace__err503gw', status: 503, body: 'html', times: 3 });
    const body = (await (await timeline('grace__err503gw')).json()) as ErrorBody;
    expect(body.error.message).toContain('503 Service Unavailable');
    expect(body.error.message).not.toContain('502');
  });

  it('names a sub-second timeout correctly: "504 Gateway Timeout: … within 0.5 s"', async () => {
    await harness.fault({ match: 'grace__slow', latencyMs: 1500, times: 1 });
    const response = await timeline('grace__slow');
    expect(response.status).toBe(504);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.message).toMatch(/^504 Gateway Timeout: the upstream did not answer within 0\.5 s/);
    expect(body.error.charged).toBe('unknown');
  });

  it('gives budget, routing and guard refusals a charged of "no" as well', async () => {
    const responses = [
      await harness.api('/api/v1/nope'),
      await fetch(`${harness.origin}/api/v1/search`, { method: 'POST' }),
    ];
    for (const response of responses) {
      expect(response.headers.get(HEADER.charged)).toBe('no');
      expect(((await response.json()) as ErrorBody).error.charged).toBe('no');
    }
  });

  it("says a refusal by creditscope's own checks is not the upstream's: a search too long is never sent", async () => {
    const response = await harness.api('/api/v1/search', {
      method: 'POST',
      body: JSON.stringify({ q: 'a'.repeat(2100) }),
    });
    const body = (await response.json()) as ErrorBody;
    expect(body.error).toMatchObject({ kind: 'bad_request', charged: 'no' });
    expect(body.error.message).toMatch(/^Not sent, nothing charged: q must be/);
    expect(body.error.upstreamAnswered).toBeUndefined();
  });
});

describe('failed calls in the ledger', () => {
  it('are recorded with what they cost: 0 when nothing was charged, counted apart as failedFree', async () => {
    const own = await startProxyAgainstStandin();
    try {
      await own.fault({ match: 'grace__free', status: 404, body: 'json-error' });
      await own.fault({ match: 'grace__refused', status: 200, body: 'success-false' });
      expect((await own.api('/api/v1/social/microblog/posts?screen_name=grace__free')).status).toBe(404);
      expect((await own.api('/api/v1/social/microblog/posts?screen_name=grace__refused')).status).toBe(200);
      expect((await own.api('/api/v1/social/microblog/posts?screen_name=grace__paid')).status).toBe(200);
      const state = await own.state();
      expect(state.rows.map((row) => [row.ok, row.charged, row.credits])).toEqual([
        [false, 'no', '0'],
        [false, 'yes', '0'],
        [true, 'yes', '0.1'],
      ]);
      expect(state.session).toMatchObject({ calls: 2, failedFree: 1, total: '0.1' });
    } finally {
      await own.close();
    }
  });
});

describe('a Retry-After the upstream sends', () => {
  it('is passed on in whole seconds, a fraction rounded up, a date as the seconds until it; a wait nobody means is not', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    const read = (header: string | null) => parseRetryAfter(header, now);
    expect(
      ['7', ' 30 ', '1.5', '0', 'Sun, 29 Nov 2026 10:01:00 GMT', 'Sun, 29 Nov 2026 09:00:00 GMT'].map(read),
    ).toEqual([7, 30, 2, 0, 60, 0]);
    expect(['99999999999999999999999', '86401', '1e3', '-1', 'abc<script>', '', null].map(read)).toEqual(
      Array(7).fill(undefined),
    );
  });
});
