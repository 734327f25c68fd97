import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../store/open.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { dumpStore, openRaw } from '../testing/store-reads.ts';
import { HEADER } from '../../src/contract/index.ts';

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

interface ErrorBody {
  success: boolean;
  error: { kind: string; message: string; status: number; charged: string };
}

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
  // Cursors are the upstream's opaque tokens (base64 and the like): visible ASCII, never a line break, NUL or space.
  ['cursor with CR LF', () => timeline('screen_name=ada__v5&cursor=DAAB%0D%0AX-Injected:%201'), 'cursor'],
  ['cursor with NUL', () => timeline('screen_name=ada__v6&cursor=DAAB%00'), 'cursor'],
  ['cursor with a space', () => timeline('screen_name=ada__v7&cursor=DAAB%20Cg'), 'cursor'],
  ['cursor with a non-ASCII letter', () => timeline('screen_name=ada__v8&cursor=DAAB%C3%A9'), 'cursor'],
  ['screen_name with NUL', () => timeline('screen_name=ada__v9%00'), 'screen_name'],
  ['rest_id with a control character', () => timeline('rest_id=12%01'), 'rest_id'],
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
  [
    'search parameters in the address',
    () => harness.api('/api/v1/search?q=x', { method: 'POST', body: JSON.stringify({ q: 'v-addr' }) }),
    'JSON body',
  ],
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
      expect(response.headers.get(HEADER.charged), what).toBe('no');
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
    expect(body.error.message).toMatch(
      /^Not sent, nothing charged: unknown parameters "nope", "also": search takes q, num, page, site, hl; num must be a whole number from 1 to 100; got 0; hl must be a language code like en or pt-BR; got "english"$/,
    );
  });

  it('lets the edge values through, canonicalised', async () => {
    const handle = `ada__${'x'.repeat(45)}`;
    expect(handle).toHaveLength(50);
    const passing: [() => Promise<Response>, string, unknown][] = [
      [() => search({ q: ' v-edge-1 ', num: 1 }), 'v-edge-1', { q: 'v-edge-1', num: 1, page: '1' }],
      [() => search({ q: 'v-edge-100', num: 100, page: '2' }), 'v-edge-100', { q: 'v-edge-100', num: 100, page: '2' }],
      [() => search({ q: 'v-edge-str', num: '20', page: 3 }), 'v-edge-str', { q: 'v-edge-str', num: 20, page: '3' }],
      [
        () => search({ q: 'v-edge-site', site: 'https://docs.example.org/guide', hl: 'pt-BR' }),
        'v-edge-site',
        { q: 'v-edge-site', num: 10, page: '1', site: 'https://docs.example.org/guide', hl: 'pt-BR' },
      ],
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

/** Bytes as given: fetch() adds no Content-Type to a Uint8Array body, and sends it unchanged. */
function post(body: string | Buffer, contentType: string | null = 'application/json') {
  return fetch(`${harness.origin}/api/v1/search`, {
    method: 'POST',
    body: new Uint8Array(typeof body === 'string' ? Buffer.from(body) : body),
    headers: { [HEADER.client]: '1', ...(contentType ? { 'content-type': contentType } : {}) },
  });
}
const json = (value: unknown) => post(JSON.stringify(value));

// [what, request, what the message must say]
const BAD_BODIES: [string, () => Promise<Response>, string][] = [
  [
    'invalid UTF-8 in q',
    () => post(Buffer.concat([Buffer.from('{"q":"'), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('("}')])),
    'not valid UTF-8',
  ],
  [
    'an overlong UTF-8 "/"',
    () => post(Buffer.concat([Buffer.from('{"q":"a'), Buffer.from([0xc0, 0xaf]), Buffer.from('b"}')])),
    'not valid UTF-8',
  ],
  [
    'a surrogate encoded as UTF-8',
    () => post(Buffer.concat([Buffer.from('{"q":"a'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])),
    'not valid UTF-8',
  ],
  [
    'a text/plain body',
    () => post('{"q":"bb-plain"}', 'text/plain'),
    'Content-Type: application/json, not "text/plain"',
  ],
  ['a body with no Content-Type', () => post('{"q":"bb-untyped"}', null), 'Content-Type: application/json'],
  [
    'JSON declared in another charset',
    () => post('{"q":"bb-latin"}', 'application/json; charset=iso-8859-1'),
    'Content-Type: application/json',
  ],
  ['a key given twice', () => post('{"q":"bb-first","q":"bb-second"}'), 'the key "q" more than once'],
  ['a key given twice, once escaped', () => post('{"q":"bb-a","\\u0071":"bb-b"}'), 'the key "q" more than once'],
  ['not JSON', () => post('{"q":"bb-cut"'), 'not valid JSON'],
  ['a JSON list', () => post('[{"q":"bb-list"}]'), 'must be a JSON object'],
  ['a body over 16 KB', () => json({ q: 'bb-big', site: `example.org/${'x'.repeat(17_000)}` }), 'larger than 16 KB'],
  ['a lone surrogate in q', () => post('{"q":"bb-\\ud800"}'), 'q must'],
  ['NUL in q', () => json({ q: 'bb-\u0000nul' }), 'q must'],
  ['ESC in q', () => json({ q: 'bb-\u001b[31mred' }), 'q must'],
  ['DEL in q', () => json({ q: 'bb-\u007f' }), 'q must'],
  ['a C1 control in q', () => json({ q: 'bb-\u0085' }), 'q must'],
  ['a control character in site', () => json({ q: 'bb-site', site: 'example.org/\u0001' }), 'site must'],
];

/**
 * A paid search's body is read only when it can mean one search: declared JSON, valid UTF-8, no key
 * given twice, no text nobody could have typed (each of these was once bought).
 */
describe('search bodies', () => {
  it.each(BAD_BODIES)(
    'refuses %s with a 400 saying why: nothing journalled, nothing sent',
    async (_what, send, message) => {
      const callsBefore = (await harness.upstreamLog()).length;
      const storeBefore = await dumpStore(store);
      const response = await send();
      const body = (await response.json()) as ErrorBody;
      expect(response.status).toBe(400);
      expect(response.headers.get(HEADER.charged)).toBe('no');
      expect(body).toMatchObject({ success: false, error: { kind: 'bad_request', status: 400, charged: 'no' } });
      expect(body.error.message).toContain(message);
      expect(await harness.upstreamLog()).toHaveLength(callsBefore);
      expect(await dumpStore(store)).toEqual(storeBefore);
    },
  );

  it('buys what people do type: any script, emoji, line breaks (sent as spaces), JSON with a charset', async () => {
    const passing: [() => Promise<Response>, string, unknown][] = [
      [
        () => json({ q: 'bb-ok 👩‍💻 código 日本語 עברית' }),
        'bb-ok',
        { q: 'bb-ok 👩‍💻 código 日本語 עברית', num: 10, page: '1' },
      ],
      [() => json({ q: 'bb-lines\tone\r\ntwo' }), 'bb-lines', { q: 'bb-lines one two', num: 10, page: '1' }],
      [
        () => post('{"q":"bb-charset"}', 'Application/JSON; charset="UTF-8"'),
        'bb-charset',
        { q: 'bb-charset', num: 10, page: '1' },
      ],
      [
        () => post('{"q":"bb-site","site":"example.org"}'),
        'bb-site',
        { q: 'bb-site', num: 10, page: '1', site: 'example.org' },
      ],
    ];
    for (const [send, match, forwarded] of passing) {
      const response = await send();
      expect(response.status, match).toBe(200);
      const calls = await harness.upstreamLog(match);
      expect(calls, match).toHaveLength(1);
      expect(calls[0]!.body, match).toEqual(forwarded);
    }
  });
});
