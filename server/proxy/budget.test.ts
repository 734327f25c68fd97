import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';

interface SessionBody {
  session: { id: string; total: string; calls: number };
  budget: { limit: string | null; remaining: string | null; reached: boolean };
  pastSessions: { id: string; total: string; calls: number }[];
}

let harness: ProxyHarness;
beforeAll(async () => { harness = await startProxyAgainstStandin({ CREDIT_LIMIT: '0.25' }); });
afterAll(async () => { await harness.close(); });

const timeline = (handle: string) => harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`);
const state = async () => (await (await harness.api('/api/_session')).json()) as SessionBody;
const putLimit = (limit: string | null) => harness.api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit }) });

/** Fires `count` timeline calls at once and sorts the answers into paid and refused. */
async function burst(handle: string, count: number) {
  const responses = await Promise.all(Array.from({ length: count }, () => timeline(handle)));
  const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { error?: { kind: string; message: string } } })));
  return {
    paid: bodies.filter(({ status }) => status === 200).length,
    refused: bodies.filter(({ status, body }) => status === 402 && body.error?.kind === 'budget'),
    other: bodies.filter(({ status }) => status !== 200 && status !== 402),
  };
}

describe('budget enforced by the proxy', () => {
  it('with CREDIT_LIMIT=0.25 and 10 parallel calls at 0.1, at most 3 reach the upstream and the rest get 402 budget', async () => {
    const { paid, refused, other } = await burst('ada__budget1', 10);
    const upstream = await harness.upstreamLog('ada__budget1');
    expect(upstream.length).toBeLessThanOrEqual(3);
    expect(paid).toBe(upstream.length);
    // 0.1 + 0.1 < 0.25, so the third call is still allowed and overshoots by less than one call.
    expect(paid).toBe(3);
    expect(refused).toHaveLength(7);
    expect(other).toEqual([]);
    expect(refused[0]!.body.error!.message).toMatch(/budget of 0\.25 reached/i);

    const after = await state();
    expect(after.session).toMatchObject({ total: '0.3', calls: 3 });
    expect(after.budget).toEqual({ limit: '0.25', remaining: '0', reached: true });
  });

  it('refused calls are not recorded and cost nothing', async () => {
    const before = await state();
    const response = await timeline('ada__budget2');
    expect(response.status).toBe(402);
    expect(response.headers.get('x-creditscope-call-id')).toBeNull();
    expect(await harness.upstreamLog('ada__budget2')).toHaveLength(0);
    expect((await state()).session).toEqual(before.session);
  });

  it('raising the limit lets calls through again, up to the new limit', async () => {
    const raised = (await (await putLimit('0.5')).json()) as SessionBody;
    expect(raised.budget).toEqual({ limit: '0.5', remaining: '0.2', reached: false });
    const { paid, refused } = await burst('ada__budget3', 5);
    expect(paid).toBe(2);
    expect(refused).toHaveLength(3);
    expect((await harness.upstreamLog('ada__budget3')).length).toBe(2);
    expect((await state()).session.total).toBe('0.5');
  });

  it('clearing the limit removes the cap', async () => {
    const cleared = (await (await putLimit(null)).json()) as SessionBody;
    expect(cleared.budget).toEqual({ limit: null, remaining: null, reached: false });
    const { paid } = await burst('ada__budget4', 4);
    expect(paid).toBe(4);
    expect((await state()).session).toMatchObject({ total: '0.9', calls: 9 });
  });

  it('rejects a limit that is not a non-negative decimal, and keeps the old one', async () => {
    for (const limit of ['-1', 'abc', '1e3', '']) {
      const response = await putLimit(limit);
      expect(response.status).toBe(400);
    }
    expect((await state()).budget.limit).toBeNull();
  });

  it('"new session" starts again at 0 with the same limit and keeps the old session in pastSessions', async () => {
    await putLimit('0.25');
    const before = await state();
    expect(before.budget.reached).toBe(true);
    const fresh = (await (await harness.api('/api/_session/new', { method: 'POST', body: '{}' })).json()) as SessionBody;
    expect(fresh.session).toMatchObject({ total: '0', calls: 0 });
    expect(fresh.session.id).not.toBe(before.session.id);
    expect(fresh.budget).toEqual({ limit: '0.25', remaining: '0.25', reached: false });
    expect(fresh.pastSessions[0]).toMatchObject({ id: before.session.id, total: '0.9', calls: 9 });

    const { paid, refused } = await burst('ada__budget5', 10);
    expect(paid).toBe(3);
    expect(refused).toHaveLength(7);
  });
});
