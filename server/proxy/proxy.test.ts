import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, TEST_TOKEN, waitFor, type ProxyHarness } from '../testing/harness.ts';
import { HEADER } from '../../src/contract/index.ts';

let harness: ProxyHarness;
beforeAll(async () => {
  harness = await startProxyAgainstStandin({ UPSTREAM_TIMEOUT_MS: '700' });
});
afterAll(async () => {
  await harness.close();
});

describe('forwarding', () => {
  // Unknown or empty parameters are refused before anything is sent: validate.test.ts.
  it('adds the bearer token and forwards only documented parameters', async () => {
    const response = await harness.api('/api/v1/social/microblog/posts?screen_name=grace__fwd');
    expect(response.status).toBe(200);
    const [call] = await harness.upstreamLog('grace__fwd');
    expect(call?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(call?.query).toEqual({ screen_name: 'grace__fwd' });
    expect(response.headers.get(HEADER.credits)).toBe('0.1');
  });

  it('sends only the documented search fields, always with num and page', async () => {
    const response = await harness.api('/api/v1/search', {
      method: 'POST',
      body: JSON.stringify({ q: 'fields-test', num: 3, hl: 'fr' }),
    });
    expect(response.status).toBe(200);
    await harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: 'fields-default' }) });
    expect((await harness.upstreamLog('fields-test'))[0]?.body).toEqual({
      q: 'fields-test',
      num: 3,
      page: '1',
      hl: 'fr',
    });
    expect((await harness.upstreamLog('fields-default'))[0]?.body).toEqual({ q: 'fields-default', num: 10, page: '1' });
  });

  it('drops browser Authorization and Cookie headers', async () => {
    await harness.api('/api/v1/social/microblog/posts?screen_name=grace__hdr', {
      headers: { authorization: 'Bearer stolen', cookie: 'session=other-app' },
    });
    const [call] = await harness.upstreamLog('grace__hdr');
    expect(call?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(call?.cookie).toBeNull();
  });

  it('keeps + / = in cursors intact end to end', async () => {
    const first = (await (await harness.api('/api/v1/social/microblog/posts?screen_name=grace__cur')).json()) as {
      data: { next_cursor: string };
    };
    const cursor = first.data.next_cursor;
    expect(cursor).toMatch(/[+/=]/);
    const second = await harness.api(
      `/api/v1/social/microblog/posts?screen_name=grace__cur&cursor=${encodeURIComponent(cursor)}`,
    );
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
  it('is handed to the next identical request from the archive instead of being bought again', async () => {
    await harness.fault({ match: 'grace__gone', latencyMs: 400, times: 1 });
    const aborted = new AbortController();
    const first = harness
      .api('/api/v1/social/microblog/posts?screen_name=grace__gone', { signal: aborted.signal })
      .catch(() => null);
    // Gone once the upstream has the request, back once the ledger has the purchase.
    await waitFor(
      () => harness.upstreamLog('grace__gone'),
      (calls) => calls.length === 1,
    );
    aborted.abort();
    await first;
    const [row] = (
      await waitFor(
        () => harness.state(),
        (state) => state.rows.some((candidate) => candidate.params.screen_name === 'grace__gone'),
      )
    ).rows.filter((candidate) => candidate.params.screen_name === 'grace__gone');
    const second = await harness.api('/api/v1/social/microblog/posts?screen_name=grace__gone');
    expect(second.status).toBe(200);
    expect(((await second.json()) as { data: { timeline: unknown[] } }).data.timeline).toHaveLength(20);
    // Free, and said to be the purchase the browser left behind.
    expect(second.headers.get(HEADER.source)).toBe('archive');
    expect(second.headers.get(HEADER.credits)).toBe('0');
    expect(second.headers.get(HEADER.callId)).toBe(row!.id);
    expect(await harness.upstreamLog('grace__gone')).toHaveLength(1);
    // Asked again, still the archived page; only an explicit refresh buys it again.
    expect(
      (await harness.api('/api/v1/social/microblog/posts?screen_name=grace__gone')).headers.get(HEADER.source),
    ).toBe('archive');
    expect(await harness.upstreamLog('grace__gone')).toHaveLength(1);
    const refreshed = await harness.api('/api/v1/social/microblog/posts?screen_name=grace__gone', {
      headers: { [HEADER.refresh]: '1' },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get(HEADER.source)).toBeNull();
    expect(refreshed.headers.get(HEADER.credits)).toBe('0.1');
    expect(await harness.upstreamLog('grace__gone')).toHaveLength(2);
    expect(
      (await harness.state()).rows.filter((candidate) => candidate.params.screen_name === 'grace__gone'),
    ).toHaveLength(2);
  });
});
