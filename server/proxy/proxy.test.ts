import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, TEST_TOKEN, type ProxyHarness } from '../testing/harness.ts';

let harness: ProxyHarness;
beforeAll(async () => { harness = await startProxyAgainstStandin({ UPSTREAM_TIMEOUT_MS: '700' }); });
afterAll(async () => { await harness.close(); });

describe('forwarding', () => {
  it('adds the bearer token and forwards only documented parameters', async () => {
    const response = await harness.api('/api/v1/social/microblog/posts?screen_name=grace__fwd&cursor=&evil=1');
    expect(response.status).toBe(200);
    const [call] = await harness.upstreamLog('grace__fwd');
    expect(call?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(call?.query).toEqual({ screen_name: 'grace__fwd' });
    expect(response.headers.get('x-creditscope-credits')).toBe('0.1');
  });

  it('sends exactly the search fields given, nothing else', async () => {
    const response = await harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: 'fields-test', num: 3, hl: 'fr', extra: 'x' }) });
    expect(response.status).toBe(200);
    const [call] = await harness.upstreamLog('fields-test');
    expect(call?.body).toEqual({ q: 'fields-test', num: 3, hl: 'fr' });
  });

  it('drops browser Authorization and Cookie headers', async () => {
    await harness.api('/api/v1/social/microblog/posts?screen_name=grace__hdr', { headers: { authorization: 'Bearer stolen', cookie: 'session=other-app' } });
    const [call] = await harness.upstreamLog('grace__hdr');
    expect(call?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(call?.cookie).toBeNull();
  });

  it('keeps + / = in cursors intact end to end', async () => {
    const first = (await (await harness.api('/api/v1/social/microblog/posts?screen_name=grace__cur')).json()) as { data: { next_cursor: string } };
    const cursor = first.data.next_cursor;
    expect(cursor).toMatch(/[+/=]/);
    const second = await harness.api(`/api/v1/social/microblog/posts?screen_name=grace__cur&cursor=${encodeURIComponent(cursor)}`);
    expect(second.status).toBe(200);
    const calls = await harness.upstreamLog('grace__cur');
    expect(calls[1]?.query.cursor).toBe(cursor);
  });
});

describe('allowlist', () => {
  it.each([
    ['/api/v1/other', 'GET', 404],
    ['/api/_control/log', 'GET', 404],
    ['/api', 'GET', 404],
    ['/api/v1/search', 'GET', 405],
    ['/api/v1/social/microblog/posts', 'POST', 405],
  ])('%s %s → %i without reaching the upstream', async (path, method, status) => {
    const before = (await harness.upstreamLog()).length;
    const response = await harness.api(path, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
    expect(response.status).toBe(status);
    const body = (await response.json()) as { success: boolean; error: { status: number } };
    expect(body.success).toBe(false);
    expect(body.error.status).toBe(status);
    expect((await harness.upstreamLog()).length).toBe(before);
  });
});

describe('guard', () => {
  const attempts: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (another localhost port)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a navigation', { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' }],
  ];
  it.each(attempts)('refuses %s with 403 before the upstream', async (_name, headers) => {
    const tag = `grace__guard${Math.random().toString(36).slice(2, 8)}`;
    const response = await harness.api(`/api/v1/social/microblog/posts?screen_name=${tag}`, { headers });
    expect(response.status).toBe(403);
    expect(await harness.upstreamLog(tag)).toHaveLength(0);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    // fetch() may not set Host, so this one goes out through node:http as a rebinding browser would send it.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(harness.origin);
      const request = http.request({ host: url.hostname, port: url.port, path: '/api/v1/social/microblog/posts?screen_name=grace__host',
        headers: { host: 'rebind.evil.example', 'x-creditscope-client': '1' } }, (response) => { response.resume(); resolve(response.statusCode ?? 0); });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(403);
    expect(await harness.upstreamLog('grace__host')).toHaveLength(0);
  });

  it('refuses a request without the client header (plain form posts, images, beacons)', async () => {
    const response = await fetch(`${harness.origin}/api/v1/social/microblog/posts?screen_name=grace__nohdr`);
    expect(response.status).toBe(403);
    expect(await harness.upstreamLog('grace__nohdr')).toHaveLength(0);
  });

  it('guards the ledger endpoints too', async () => {
    const response = await harness.api('/api/_session/new', { method: 'POST', body: '{}', headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });
});

describe('upstream errors are normalised', () => {
  const cases: [string, object, number, string][] = [
    ['JSON message', { status: 400, body: 'json' }, 400, 'bad_request'],
    ['JSON error object', { status: 401, body: 'json-error' }, 401, 'auth'],
    ['HTML gateway page', { status: 502, body: 'html' }, 502, 'upstream'],
    ['plain text', { status: 503, body: 'text' }, 503, 'upstream'],
    ['unknown shape', { status: 500, body: 'unknown-shape' }, 500, 'upstream'],
    ['empty body', { status: 504, body: 'empty' }, 504, 'upstream'],
    ['429 with Retry-After', { status: 429, body: 'json', retryAfter: '7' }, 429, 'rate_limited'],
    ['success:false with 200', { status: 200, body: 'success-false' }, 200, 'upstream'],
    ['truncated JSON with 200', { status: 200, body: 'truncated' }, 502, 'invalid_response'],
  ];
  it.each(cases)('%s', async (name, rule, status, kind) => {
    const tag = `grace__err${name.replace(/\W/g, '').toLowerCase()}`;
    await harness.fault({ match: tag, ...rule });
    const response = await harness.api(`/api/v1/social/microblog/posts?screen_name=${tag}`);
    expect(response.status).toBe(status);
    const body = (await response.json()) as { success: boolean; error: { kind: string; message: string; status: number; retryAfter?: number } };
    expect(body.success).toBe(false);
    expect(body.error.kind).toBe(kind);
    expect(body.error.message.length).toBeGreaterThan(3);
    expect(body.error.message).not.toMatch(/<html|<body/i);
    if ('retryAfter' in rule) {
      expect(body.error.retryAfter).toBe(7);
      expect(response.headers.get('retry-after')).toBe('7');
    }
  });

  it('turns an upstream timeout into 504', async () => {
    await harness.fault({ match: 'grace__slow', latencyMs: 2000, times: 1 });
    const response = await harness.api('/api/v1/social/microblog/posts?screen_name=grace__slow');
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/did not answer/);
  });

  it('records failed calls in the ledger with the credits reported (0 when none)', async () => {
    const state = (await (await harness.api('/api/_session')).json()) as { rows: { ok: boolean; credits: string; status: number }[] };
    const failed = state.rows.filter((row) => !row.ok);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((row) => row.credits === '0')).toBe(true);
  });
});

describe('the token never reaches the browser', () => {
  it('is absent from every body and header the proxy returns, success or failure', async () => {
    await harness.fault({ match: 'grace__echo', status: 500, body: 'text' });
    const responses = await Promise.all([
      harness.api('/api/v1/social/microblog/posts?screen_name=ada'),
      harness.api('/api/v1/social/microblog/posts?screen_name=grace__echo'),
      harness.api('/api/v1/nope'),
      harness.api('/api/_session'),
      harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: 'token scan' }) }),
      fetch(`${harness.origin}/api/v1/search`, { method: 'POST', headers: { origin: 'https://evil.example' } }),
    ]);
    for (const response of responses) {
      const text = await response.text();
      expect(text).not.toContain(TEST_TOKEN);
      expect(JSON.stringify([...response.headers])).not.toContain(TEST_TOKEN);
    }
  });
});

describe('an upstream that echoes the token', () => {
  it('has it redacted from success bodies and error messages alike', async () => {
    const echo = await startProxyAgainstStandin();
    try {
      await echo.fault({ match: 'grace__echoed', status: 401, body: 'echo-auth' });
      const response = await echo.api('/api/v1/social/microblog/posts?screen_name=grace__echoed');
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toContain('[redacted]');
      expect(JSON.stringify(body)).not.toContain(TEST_TOKEN);
    } finally {
      await echo.close();
    }
  });
});

describe('a page bought while the browser had gone', () => {
  it('is handed to the next identical request instead of being bought again', async () => {
    await harness.fault({ match: 'grace__gone', latencyMs: 400, times: 1 });
    const aborted = new AbortController();
    const first = harness.api('/api/v1/social/microblog/posts?screen_name=grace__gone', { signal: aborted.signal }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 150));
    aborted.abort();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await harness.api('/api/v1/social/microblog/posts?screen_name=grace__gone');
    expect(second.status).toBe(200);
    expect(((await second.json()) as { data: { timeline: unknown[] } }).data.timeline).toHaveLength(20);
    expect(await harness.upstreamLog('grace__gone')).toHaveLength(1);
    // Once delivered, the same request is a new purchase (an explicit refresh).
    await harness.api('/api/v1/social/microblog/posts?screen_name=grace__gone');
    expect(await harness.upstreamLog('grace__gone')).toHaveLength(2);
  });
});
