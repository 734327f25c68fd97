import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../store/open.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { dumpStore, openRaw } from '../testing/store-reads.ts';

let harness: ProxyHarness;
/** The proxy's store opened as a second reader: every table, to see that nothing at all was written. */
let store: Db;
beforeAll(async () => {
  harness = await startProxyAgainstStandin();
  store = await openRaw(harness);
});
afterAll(async () => {
  await store.close();
  await harness.close();
});

const TIMELINE = '/api/v1/social/microblog/posts';
const timeline = (query: string) => harness.api(`${TIMELINE}?${query}`);
const search = (body: unknown) => harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify(body) });

interface ErrorBody { success: boolean; error: { kind: string; message: string; status: number; charged: string } }

// [what, request, the field the message must name]
const BAD: [string, () => Promise<Response>, string][] = [
  ['timeline without screen_name or rest_id', () => timeline(''), 'screen_name or rest_id is required'],
  ['timeline with only a cursor', () => timeline('cursor=abc'), 'screen_name or rest_id is required'],
  ['screen_name with a space', () => timeline('screen_name=ada%20lovelace'), 'screen_name'],
  ['screen_name of 51 characters', () => timeline(`screen_name=${'a'.repeat(51)}`), 'screen_name'],
  ['screen_name empty', () => timeline('screen_name='), 'screen_name'],
  ['screen_name given twice', () => timeline('screen_name=ada&screen_name=grace'), 'screen_name'],
  ['rest_id "12a"', () => timeline('rest_id=12a'), 'rest_id'],
  ['rest_id of 26 digits', () => timeline(`rest_id=${'1'.repeat(26)}`), 'rest_id'],
  ['a valid handle with a bad rest_id', () => timeline('screen_name=ada__v0&rest_id=x'), 'rest_id'],
  ['cursor empty', () => timeline('screen_name=ada__v1&cursor='), 'cursor'],
  ['cursor over 2048 characters', () => timeline(`screen_name=ada__v2&cursor=${'c'.repeat(2049)}`), 'cursor'],
  ['an unknown timeline parameter', () => timeline('screen_name=ada__v3&evil=1'), '"evil"'],
  ['q missing', () => search({ num: 5 }), 'q is required'],
  ['q empty', () => search({ q: '' }), 'q must'],
  ['q only whitespace', () => search({ q: ' \t ' }), 'q must'],
  ['q over 2048 characters', () => search({ q: 'q'.repeat(2049) }), 'q must'],
  ['q as a number', () => search({ q: 42 }), 'q must'],
  ['q as an array', () => search({ q: ['a', 'b'] }), 'q must'],
  ['q as an object', () => search({ q: { text: 'a' } }), 'q must'],
  ['num 0', () => search({ q: 'v-num0', num: 0 }), 'num'],
  ['num 101', () => search({ q: 'v-num101', num: 101 }), 'num'],
  ['num 2.5', () => search({ q: 'v-num25', num: 2.5 }), 'num'],
  ['num "ten"', () => search({ q: 'v-numten', num: 'ten' }), 'num'],
  ['page 0', () => search({ q: 'v-page0', page: 0 }), 'page'],
  ['page -1', () => search({ q: 'v-page-1', page: -1 }), 'page'],
  ['page "x"', () => search({ q: 'v-pagex', page: 'x' }), 'page'],
  ['hl "english"', () => search({ q: 'v-hl', hl: 'english' }), 'hl'],
  ['site "not a host"', () => search({ q: 'v-site', site: 'not a host' }), 'site'],
  ['site empty', () => search({ q: 'v-site-empty', site: '' }), 'site'],
  ['an unknown search field', () => search({ q: 'v-unknown', extra: 'x' }), '"extra"'],
  ['search parameters in the address', () => harness.api('/api/v1/search?q=x', { method: 'POST', body: JSON.stringify({ q: 'v-addr' }) }), 'JSON body'],
];

describe('parameters are validated before anything is paid for', () => {
  it('refuses every bad request with a 400 naming the field: no journal entry, no upstream call', async () => {
    const callsBefore = (await harness.upstreamLog()).length;
    const storeBefore = await dumpStore(store);
    expect(storeBefore.sessions).toHaveLength(1);
    for (const [what, send, field] of BAD) {
      const response = await send();
      const body = (await response.json()) as ErrorBody;
      expect(response.status, what).toBe(400);
      expect(response.headers.get('x-creditscope-charged'), what).toBe('no');
      expect(body, what).toMatchObject({ success: false, error: { kind: 'bad_request', status: 400, charged: 'no' } });
      expect(body.error.message, what).toContain(field);
    }
    expect(await harness.upstreamLog()).toHaveLength(callsBefore);
    expect(await dumpStore(store)).toEqual(storeBefore);
    expect(storeBefore.purchases).toEqual([]);
    expect((await harness.state()).rows).toHaveLength(0);
  });

  it('says everything wrong in one message', async () => {
    const body = (await (await search({ q: 'v-all', num: 0, hl: 'english', nope: 1, also: 2 })).json()) as ErrorBody;
    expect(body.error.message).toMatch(/^Not sent, nothing charged: unknown parameters "nope", "also": search takes q, num, page, site, hl; num must be a whole number from 1 to 100; got 0; hl must be a language code like en or pt-BR; got "english"$/);
  });

  it('lets the edge values through, canonicalised', async () => {
    const handle = `ada__${'x'.repeat(45)}`;
    expect(handle).toHaveLength(50);
    const passing: [() => Promise<Response>, string, unknown][] = [
      [() => search({ q: ' v-edge-1 ', num: 1 }), 'v-edge-1', { q: 'v-edge-1', num: 1, page: '1' }],
      [() => search({ q: 'v-edge-100', num: 100, page: '2' }), 'v-edge-100', { q: 'v-edge-100', num: 100, page: '2' }],
      [() => search({ q: 'v-edge-str', num: '20', page: 3 }), 'v-edge-str', { q: 'v-edge-str', num: 20, page: '3' }],
      [() => search({ q: 'v-edge-site', site: 'https://docs.example.org/guide', hl: 'pt-BR' }), 'v-edge-site', { q: 'v-edge-site', num: 10, page: '1', site: 'https://docs.example.org/guide', hl: 'pt-BR' }],
      [() => timeline(`screen_name=${handle.toUpperCase()}`), handle, { screen_name: handle }],
      [() => timeline('screen_name=ada__tag123&rest_id=1001'), 'ada__tag123', { screen_name: 'ada__tag123' }],
      [() => timeline('rest_id=0001002'), '"1002"', { rest_id: '1002' }],
      [() => timeline('screen_name=%20ada__v4%20'), 'ada__v4', { screen_name: 'ada__v4' }],
    ];
    for (const [send, match, forwarded] of passing) {
      const response = await send();
      expect(response.status, match).toBe(200);
      const calls = await harness.upstreamLog(match);
      expect(calls, match).toHaveLength(1);
      expect(calls[0]!.body ?? calls[0]!.query, match).toEqual(forwarded);
    }
    // The second reader does see what the proxy writes: the unchanged store above is no blind spot.
    expect((await dumpStore(store)).purchases.map((row) => row.state)).toEqual(passing.map(() => 'settled'));
  });
});
