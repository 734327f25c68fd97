import { afterEach, describe, expect, it } from 'vitest';
import { aliases, burst } from '../testing/burst.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';

const LATENCY_MS = 700;
/** Serial would take 10 × LATENCY_MS; a busy machine gets slack well short of that. */
const PARALLEL_MS = 3 * LATENCY_MS;
const open: ProxyHarness[] = [];
async function slowUpstream(env: Record<string, string>, tag: string) {
  const harness = await startProxyAgainstStandin(env);
  open.push(harness);
  await harness.fault({ match: `ada__${tag}`, latencyMs: LATENCY_MS, times: 10 });
  return harness;
}
afterEach(async () => {
  for (const harness of open.splice(0)) await harness.close();
});

async function timed(harness: ProxyHarness, tag: string) {
  const started = performance.now();
  const result = await burst(harness, aliases(tag, 10));
  return { ...result, ms: performance.now() - started, upstream: (await harness.upstreamLog(`ada__${tag}`)).length };
}

describe('a budget that does not queue', () => {
  it(`10 calls of ${LATENCY_MS} ms each, no limit: in parallel, well under 10 × ${LATENCY_MS} ms`, async () => {
    const harness = await slowUpstream({}, 'nolimit');
    const { paid, ms } = await timed(harness, 'nolimit');
    expect(paid).toBe(10);
    expect(ms).toBeLessThan(PARALLEL_MS);
  });

  it('with a large limit and the price known: in parallel as well', async () => {
    const harness = await slowUpstream({ CREDIT_LIMIT: '100' }, 'known');
    expect((await harness.api('/api/v1/social/microblog/posts?screen_name=ada__learnprice')).status).toBe(200);
    const { paid, ms } = await timed(harness, 'known');
    expect(paid).toBe(10);
    expect(ms).toBeLessThan(PARALLEL_MS);
  });

  it('with a large limit and no price known yet: one call finds the price, then the other nine go together', async () => {
    const harness = await slowUpstream({ CREDIT_LIMIT: '100' }, 'unknown');
    const { paid, ms } = await timed(harness, 'unknown');
    expect(paid).toBe(10);
    expect(ms).toBeGreaterThanOrEqual(2 * LATENCY_MS - 50);
    expect(ms).toBeLessThan(PARALLEL_MS + LATENCY_MS);
  });

  it('with CREDIT_LIMIT=0.3 at 0.1 a call: exactly 3 reach the stand-in, the other 7 are refused', async () => {
    const harness = await slowUpstream({ CREDIT_LIMIT: '0.3' }, 'capped');
    const { paid, refused, other, upstream } = await timed(harness, 'capped');
    expect([paid, refused.length, other.length, upstream]).toEqual([3, 7, 0, 3]);
    expect((await harness.state()).session).toMatchObject({ total: '0.3', calls: 3 });
  });

  it('never passes a limit when the price is known: 0.1 spent, limit 0.35, 10 at once → 2 more (0.05 left is less than a call)', async () => {
    const harness = await slowUpstream({}, 'overshoot');
    await harness.api('/api/v1/social/microblog/posts?screen_name=ada__first');
    await harness.api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: '0.35' }) });
    const { paid, upstream, ms } = await timed(harness, 'overshoot');
    expect([paid, upstream]).toEqual([2, 2]);
    expect(ms).toBeLessThan(PARALLEL_MS);
    expect((await harness.state()).session.total).toBe('0.3');
  });
});
