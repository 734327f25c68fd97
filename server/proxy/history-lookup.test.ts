import { afterAll, beforeAll, expect, it } from 'vitest';
import { purchaseKey } from '../../src/api/identity.ts';
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
    body: (await response.json()) as { pages: Record<string, { boughtAt: string } | null> },
  };
};

it('says which pages the archive would serve free, without buying anything', async () => {
  const bought = purchaseKey('timeline', { screen_name: 'ada__lookup' });
  const notBought = purchaseKey('timeline', { screen_name: 'grace__lookup' });
  expect((await lookup(bought, notBought)).body.pages).toEqual({ [bought]: null, [notBought]: null });

  expect((await harness.api('/api/v1/social/microblog/posts?screen_name=ADA__lookup')).status).toBe(200);
  const { body } = await lookup(bought, notBought);
  expect(body.pages[bought]?.boughtAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
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
