import { afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { burst, aliases } from '../testing/burst.ts';
import { startProxyAgainstStandin, type ProxyHarness, type SessionStateBody } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { sumDecimals } from '../../src/lib/decimal.ts';

/** Every test gets its own proxy, stand-in and store: no test leans on another's spend. */
const open: ProxyHarness[] = [];
afterEach(async () => {
  for (const harness of open.splice(0)) await harness.close();
});

describe.each(STORE_KINDS)('on the %s store', (store: StoreKind) => {
  async function fresh(env: Record<string, string> = {}) {
    const harness = await startProxyAgainstStandin(env, { store });
    open.push(harness);
    return harness;
  }

  const putLimit = (harness: ProxyHarness, body: unknown) =>
    harness.api('/api/_session/budget', {
      method: 'PUT',
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('the personal limit', () => {
    it('refuses calls once the session reaches it, with a 402 that names it, records nothing and costs nothing', async () => {
      const harness = await fresh();
      expect((await putLimit(harness, { limit: '0.2' })).status).toBe(200);
      const { paid, refused, other } = await burst(harness, aliases('personal', 6));
      expect(other).toEqual([]);
      expect(paid).toBe(2);
      expect((await harness.upstreamLog('ada__personal')).length).toBe(2);
      expect(refused).toHaveLength(4);
      expect(refused[0]!.message).toMatch(/^Your credit limit of 0\.2 for this session is reached/);
      const state = await harness.state();
      expect(state.rows).toHaveLength(2);
      expect(state.budget).toMatchObject({
        operatorLimit: null,
        personalLimit: '0.2',
        limit: '0.2',
        remaining: '0',
        reached: true,
        reachedBy: 'personal',
      });
    });

    it("turns the meter amber at 80 % of it, and sends this session's recent spend per minute", async () => {
      const harness = await fresh();
      await putLimit(harness, { limit: '0.5' });
      expect((await burst(harness, aliases('warn', 3))).paid).toBe(3);
      expect((await harness.state()).budget).toMatchObject({ warnAt: '0.4', warning: false, warningBy: null });
      expect((await burst(harness, aliases('warned', 1))).paid).toBe(1);
      const state = await harness.state();
      expect(state.budget).toMatchObject({ remaining: '0.1', warning: true, warningBy: 'personal', reached: false });
      // The pace's window: every minute these calls were journalled in, their exact sum, nothing older.
      const since = Date.now() - 16 * 60_000;
      expect(state.recentSpend.every(({ minute }) => Date.parse(`${minute}:00Z`) >= since)).toBe(true);
      expect(state.recentSpend.reduce((calls, minute) => calls + minute.calls, 0)).toBe(4);
      expect(sumDecimals(state.recentSpend.map(({ credits }) => credits))).toBe('0.4');
      expect((await burst(harness, aliases('reached', 2))).paid).toBe(1);
      expect((await harness.state()).budget).toMatchObject({ warning: false, reached: true, reachedBy: 'personal' });
    });

    it('raised, lets calls through up to the new limit; cleared, removes the cap', async () => {
      const harness = await fresh();
      await putLimit(harness, { limit: '0.1' });
      expect((await burst(harness, aliases('raise', 3))).paid).toBe(1);
      const raised = (await (await putLimit(harness, { limit: '0.3' })).json()) as SessionStateBody;
      expect(raised.budget).toMatchObject({ personalLimit: '0.3', limit: '0.3', remaining: '0.2', reached: false });
      expect((await burst(harness, aliases('raised', 5))).paid).toBe(2);
      expect((await putLimit(harness, { limit: null })).status).toBe(200);
      expect((await burst(harness, aliases('cleared', 4))).paid).toBe(4);
      expect((await harness.state()).session).toMatchObject({ total: '0.7', calls: 7 });
      expect((await harness.state()).budget).toMatchObject({
        limit: null,
        remaining: null,
        reached: false,
        reachedBy: null,
      });
    });

    it('survives "new session", which starts the session totals at 0 and keeps the old session', async () => {
      const harness = await fresh();
      await putLimit(harness, { limit: '0.1' });
      await burst(harness, aliases('session', 2));
      const before = await harness.state();
      expect(before.budget.reached).toBe(true);
      const renewed = (await (
        await harness.api('/api/_session/new', { method: 'POST', body: '{}' })
      ).json()) as typeof before;
      expect(renewed.session).toMatchObject({ total: '0', calls: 0 });
      expect(renewed.session.id).not.toBe(before.session.id);
      expect(renewed.budget).toMatchObject({
        personalLimit: '0.1',
        remaining: '0.1',
        reached: false,
        spentSinceStart: '0.1',
      });
      expect(renewed.pastSessions[0]).toMatchObject({ id: before.session.id, total: '0.1', calls: 1 });
      expect((await burst(harness, aliases('renewed', 3))).paid).toBe(1);
    });
  });

  describe('PUT /api/_session/budget refuses malformed bodies with 400, never 500, and keeps the old limit', () => {
    const bodies: [string, unknown][] = [
      ['a negative number', { limit: '-1' }],
      ['a word', { limit: 'abc' }],
      ['an exponent', { limit: '1e3' }],
      ['an empty string', { limit: '' }],
      ['a number that is not finite', '{"limit":1e999}'],
      ['a JSON null body', 'null'],
      ['text that is not JSON', 'limit=5'],
      ['an array', [{ limit: '1' }]],
      ['a number body', '5'],
      ['an unknown field', { limit: '1', operatorLimit: '100' }],
      ['no limit field', {}],
      ['an empty body', ''],
      ['a body over 4 KB', { limit: '1', pad: 'x'.repeat(5000) }],
    ];
    it.each(bodies)('%s', async (_name, body) => {
      const harness = await fresh();
      await putLimit(harness, { limit: '0.5' });
      const response = await putLimit(harness, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { kind: string } }).error.kind).toBe('bad_request');
      expect((await harness.state()).budget.personalLimit).toBe('0.5');
    });
  });
});
