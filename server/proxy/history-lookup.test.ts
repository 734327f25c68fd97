import { afterAll, beforeAll, expect, it } from 'vitest';
import { purchaseKey } from '../../src/contract/identity.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';

let harness: ProxyHarness;
beforeAll(async () => {
  harness = await startProxyAgainstStandin();
});
afterAll(async () => {
  await harness.close();
});

const lookup = async (...keys: string[]) => {
  const response = await harness.api(
    `/api/_history/lookup?${keys.map((key) => `key=${encodeURIComponent(key)}`).join('&')}`,
  );
  return {
    status: response.status,
    body: (await response.json()) as { pages: Record<string, { boughtAt: string; freeUntil: string | null } | null> },
  };
};

it('says which pages the archive would serve free, without buying anything', async () => {
  const bought = purchaseKey('timeline', { screen_name: 'ada__lookup' });
  const notBought = purchaseKey('timeline', { screen_name: 'grace__lookup' });
  expect((await lookup(bought, notBought)).body.pages).toEqual({ [bought]: null, [notBought]: null });

  expect((await harness.api('/api/v1/social/microblog/posts?screen_name=ADA__lookup')).status).toBe(200);
  const { body } = await lookup(bought, notBought);
  expect(body.pages[bought]?.boughtAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  // Until when it is free is the server's answer too (a first page: ARCHIVE_FRESH_FOR after it was bought).
  expect(Date.parse(body.pages[bought]!.freeUntil!) - Date.parse(body.pages[bought]!.boughtAt)).toBe(24 * 3_600_000);
  expect(body.pages[notBought]).toBeNull();
  expect(await harness.upstreamLog('lookup')).toHaveLength(1);
  expect(((await harness.state()) as unknown as { archive: { freshForMs: number } }).archive.freshForMs).toBe(
    24 * 3_600_000,
  );
});

it('refuses no key, too many keys and garbage with a 400 that says what to send', async () => {
  expect((await harness.api('/api/_history/lookup')).status).toBe(400);
  expect(
    (await lookup(...Array.from({ length: 101 }, (_, index) => `timeline [["screen_name","u${index}"]]`))).status,
  ).toBe(400);
  const garbage = await lookup('not a key');
  expect(garbage.status).toBe(200);
  expect(garbage.body.pages['not a key']).toBeNull();
});

/** Every call the stand-in received so far. */
const calls = async () => (await harness.upstreamLog()).length;
type Answer = { data: { user?: { rest_id?: string }; next_cursor?: string } };

it('answers exactly as the purchaser then acts: "free" pages cost no call, the others one each', async () => {
  const first = await harness.api('/api/v1/social/microblog/posts?screen_name=ada');
  const { data } = (await first.json()) as Answer;
  const restId = data.user?.rest_id;
  const cursor = data.next_cursor;
  expect(restId).toMatch(/^\d+$/);
  expect(cursor).toBeTruthy();
  const searched = await harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: 'exact prices' }) });
  expect(searched.status).toBe(200);

  const keys = {
    first: purchaseKey('timeline', { screen_name: 'ada' }),
    // The purchaser serves a rest_id it has learnt the handle of from the handle's archived page.
    byId: purchaseKey('timeline', { rest_id: restId }),
    nextPage: purchaseKey('timeline', { screen_name: 'ada', cursor }),
    search: purchaseKey('search', { q: 'exact prices' }),
    otherSearch: purchaseKey('search', { q: 'exact prices', page: 2 }),
  };
  const before = await calls();
  const { body } = await lookup(...Object.values(keys));
  // Asking never spends and never calls upstream.
  expect(await calls()).toBe(before);
  expect(Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, body.pages[key] !== null]))).toEqual({
    first: true,
    byId: true,
    nextPage: false,
    search: true,
    otherSearch: false,
  });

  // Now each page for real: a call exactly for each page the look-up did not call free.
  const sent = [
    ['first', () => harness.api('/api/v1/social/microblog/posts?screen_name=ada')],
    ['byId', () => harness.api(`/api/v1/social/microblog/posts?rest_id=${restId}`)],
    [
      'nextPage',
      () => harness.api(`/api/v1/social/microblog/posts?screen_name=ada&cursor=${encodeURIComponent(cursor!)}`),
    ],
    ['search', () => harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: 'exact prices' }) })],
    [
      'otherSearch',
      () => harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: 'exact prices', page: 2 }) }),
    ],
  ] as const;
  for (const [name, send] of sent) {
    const was = await calls();
    expect((await send()).status, name).toBe(200);
    expect((await calls()) - was, name).toBe(body.pages[keys[name]] === null ? 1 : 0);
  }
  // The page just bought is free from now on, for good (a later page of a timeline never changes), and the look-up says so.
  expect((await lookup(keys.nextPage)).body.pages[keys.nextPage]).toEqual({
    boughtAt: expect.any(String),
    freeUntil: null,
  });
});

it('reads a key in any spelling of its page, and a key that is no page as "not archived"', async () => {
  expect((await harness.api('/api/v1/social/microblog/posts?screen_name=grace__spelling')).status).toBe(200);
  const spelt = 'timeline [["screen_name","GRACE__spelling"]]';
  const odd = ['search {"q":1}', 'jobs [["q","x"]]', 'timeline [1,2]', 'timeline'];
  const { body } = await lookup(spelt, ...odd);
  expect(body.pages[spelt]).not.toBeNull();
  for (const key of odd) expect(body.pages[key]).toBeNull();
});

it('calls a first page or a search older than ARCHIVE_FRESH_FOR "to buy", and a later page of a timeline still free', async () => {
  const stale = await startProxyAgainstStandin({ ARCHIVE_FRESH_FOR: '0s' });
  try {
    const first = await stale.api('/api/v1/social/microblog/posts?screen_name=grace');
    const cursor = ((await first.json()) as Answer).data.next_cursor!;
    expect(
      (await stale.api(`/api/v1/social/microblog/posts?screen_name=grace&cursor=${encodeURIComponent(cursor)}`)).status,
    ).toBe(200);
    const keys = [
      purchaseKey('timeline', { screen_name: 'grace' }),
      purchaseKey('timeline', { screen_name: 'grace', cursor }),
    ];
    const query = keys.map((key) => `key=${encodeURIComponent(key)}`).join('&');
    const { pages } = (await (await stale.api(`/api/_history/lookup?${query}`)).json()) as {
      pages: Record<string, unknown>;
    };
    expect([pages[keys[0]!], pages[keys[1]!] !== null]).toEqual([null, true]);
    const was = (await stale.upstreamLog()).length;
    await stale.api('/api/v1/social/microblog/posts?screen_name=grace');
    await stale.api(`/api/v1/social/microblog/posts?screen_name=grace&cursor=${encodeURIComponent(cursor)}`);
    expect((await stale.upstreamLog()).length - was).toBe(1);
  } finally {
    await stale.close();
  }
});
