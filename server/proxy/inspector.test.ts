import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, TEST_TOKEN, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { HEADER } from '../../src/contract/index.ts';

interface Detail {
  row: { id: string; ok: boolean; status: number; attempts: { status: number }[]; params: Record<string, unknown> };
  request: { method: string; path: string; params: Record<string, unknown>; body: unknown };
  attemptHeaders: Record<string, string>[] | null;
  response: { body: string; source: 'memory' | 'archive' } | { body: null; missing: string };
}

const timeline = (harness: ProxyHarness, query: string, refresh = false) =>
  harness.api(`/api/v1/social/microblog/posts?${query}`, refresh ? { headers: { [HEADER.refresh]: '1' } } : {});

/** Buys (or fails to) and returns the ledger id of the call, with the body the browser got. */
async function buy(response: Promise<Response>) {
  const answer = await response;
  return { id: answer.headers.get(HEADER.callId)!, body: await answer.text(), status: answer.status };
}

async function inspect(harness: ProxyHarness, id: string): Promise<{ status: number; text: string; detail: Detail }> {
  const response = await harness.api(`/api/_session/calls/${id}`);
  const text = await response.text();
  return { status: response.status, text, detail: (response.ok ? JSON.parse(text) : null) as Detail };
}

describe.each(STORE_KINDS)('the request inspector for any ledger row (%s store)', (store: StoreKind) => {
  let first: ProxyHarness;
  /** Another server process on the same store, or this one after a restart: none of first's calls in its memory. */
  let other: ProxyHarness;

  beforeAll(async () => {
    first = await startProxyAgainstStandin({}, { store });
    other = await startProxyAgainstStandin(
      {},
      { shareStoreOf: { dataDir: first.dataDir, databaseUrl: first.databaseUrl } },
    );
  });
  afterAll(async () => {
    await other?.close();
    await first?.close();
  });

  it('returns a call from memory in its own process, and rebuilt from the store in another: row, request, headers, archived body', async () => {
    const call = await buy(timeline(first, 'screen_name=ada__inspect'));
    const here = await inspect(first, call.id);
    expect(here.detail.response).toEqual({ body: call.body, source: 'memory' });
    expect(here.detail.request).toEqual({
      method: 'GET',
      path: '/v1/social/microblog/posts',
      params: { screen_name: 'ada__inspect' },
      body: null,
    });
    expect(here.detail.attemptHeaders).toHaveLength(1);
    expect(here.detail.attemptHeaders![0]).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-limit': '600',
    });

    const there = await inspect(other, call.id);
    expect(there.status).toBe(200);
    expect(there.detail.row).toEqual(here.detail.row);
    expect(there.detail.request).toEqual(here.detail.request);
    expect(there.detail.attemptHeaders).toEqual(here.detail.attemptHeaders);
    expect(there.detail.response).toEqual({ body: call.body, source: 'archive' });

    const search = await buy(
      first.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: 'inspect me' }) }),
    );
    const searched = await inspect(other, search.id);
    // The body as sent is the canonical one the proxy recorded (defaults filled in), the same from either process.
    expect(searched.detail.request).toEqual((await inspect(first, search.id)).detail.request);
    expect(searched.detail.request).toMatchObject({
      method: 'POST',
      path: '/v1/search',
      params: {},
      body: { q: 'inspect me', num: 10 },
    });
    expect(searched.detail.response).toEqual({ body: search.body, source: 'archive' });
  });

  it('keeps each attempt’s Retry-After and rate-limit headers with the row, never the Authorization header or the token', async () => {
    await first.fault({ match: 'ada__retried', status: 429, retryAfter: '1', times: 1 });
    const call = await buy(timeline(first, 'screen_name=ada__retried'));
    expect(call.status).toBe(200);
    const { detail, text } = await inspect(other, call.id);
    expect(detail.row.attempts.map((attempt) => attempt.status)).toEqual([429, 200]);
    expect(detail.attemptHeaders).toHaveLength(2);
    expect(detail.attemptHeaders![0]).toMatchObject({
      'retry-after': '1',
      'x-ratelimit-remaining': expect.stringMatching(/^\d+$/),
    });
    expect(detail.attemptHeaders![1]!['retry-after']).toBeUndefined();
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(text).not.toContain(TEST_TOKEN);

    // An upstream that echoes the token: the body the inspector shows is the redacted one, from memory and from the store.
    await first.fault({ match: 'ada__echoed', status: 401, body: 'echo-auth' });
    const echoed = await buy(timeline(first, 'screen_name=ada__echoed'));
    expect(echoed.status).toBe(401);
    for (const harness of [first, other]) {
      const seen = await inspect(harness, echoed.id);
      expect(seen.status).toBe(200);
      expect(seen.text).not.toContain(TEST_TOKEN);
    }
  });

  it('says why a raw body is gone: a failure is never archived, a page bought again replaces the answer it had', async () => {
    const failed = await buy(timeline(first, 'screen_name=ada__fault_503'));
    expect(failed.status).toBe(503);
    expect((await inspect(first, failed.id)).detail.response).toMatchObject({ source: 'memory' });
    const gone = await inspect(other, failed.id);
    expect(gone.detail.response).toEqual({ body: null, missing: 'failure' });
    expect(gone.detail.attemptHeaders).toHaveLength(gone.detail.row.attempts.length);

    const old = await buy(timeline(first, 'screen_name=ada__rebought'));
    const again = await buy(timeline(first, 'screen_name=ada__rebought', true));
    expect(again.id).not.toBe(old.id);
    expect((await inspect(other, old.id)).detail.response).toEqual({ body: null, missing: 'replaced' });
    expect((await inspect(other, again.id)).detail.response).toEqual({ body: again.body, source: 'archive' });
  });

  it('is a 404 for a call the ledger does not have', async () => {
    expect((await inspect(other, 'no-such-call')).status).toBe(404);
  });
});
