import { afterAll, beforeAll, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';

let harness: ProxyHarness;
beforeAll(async () => {
  harness = await startProxyAgainstStandin();
});
afterAll(async () => {
  await harness.close();
});

it('holds 200 concurrent paid calls with zero errors, and the ledger sums them exactly', async () => {
  const calls = Array.from({ length: 200 }, (_, index) =>
    index % 2
      ? harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: `load ${index}`, num: 5 }) })
      : harness.api(`/api/v1/social/microblog/posts?screen_name=ada__load${index}`),
  );
  const statuses = await Promise.all(calls.map(async (call) => (await call).status));
  expect(statuses.filter((status) => status !== 200)).toEqual([]);

  const state = (await (await harness.api('/api/_session')).json()) as {
    session: { total: string; calls: number; byOperation: { timeline: { total: string }; search: { total: string } } };
  };
  // 100 × 0.1 + 100 × 0.2: in binary floating point this sum drifts; the ledger must say exactly 30.
  expect(state.session).toMatchObject({
    total: '30',
    calls: 200,
    byOperation: { timeline: { total: '10' }, search: { total: '20' } },
  });
  expect((await harness.upstreamLog()).length).toBe(200);
});
