import { afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { burst, aliases } from '../testing/burst.ts';
import { startProxyAgainstStandin, type ProxyHarness, type SessionStateBody } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { sumDecimals } from '../../src/contract/decimal-math.ts';
import { PeopleAdmin } from '../identity/admin.ts';

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

  // #33: with 0.1 left of a limit, a search priced 0.2 was admitted and took the total past it.
  describe('a call whose known price does not fit in what a limit leaves is refused, nothing sent; one that fits buys', () => {
    const search = (harness: ProxyHarness, q: string, headers: Record<string, string> = {}) =>
      harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q }), headers });
    const timeline = (harness: ProxyHarness, handle: string, headers: Record<string, string> = {}) =>
      harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`, { headers });

    /** Spends 0.3 (a search at 0.2, so its price is known, and a page at 0.1) under a limit of 0.4; then 0.1 is left. */
    async function leaveOneTenth(harness: ProxyHarness, tag: string, headers: Record<string, string> = {}) {
      expect((await search(harness, `fits-${tag}-0`, headers)).status).toBe(200);
      expect((await timeline(harness, `ada__${tag}0`, headers)).status).toBe(200);
      const refused = await search(harness, `fits-${tag}-1`, headers);
      expect(refused.status).toBe(402);
      const body = (await refused.json()) as { error: { kind: string; message: string } };
      expect(body.error.kind).toBe('budget');
      expect(await harness.upstreamLog(`fits-${tag}-1`)).toHaveLength(0);
      // The page at 0.1 still fits, and then the limit is reached exactly: never passed.
      expect((await timeline(harness, `ada__${tag}1`, headers)).status).toBe(200);
      expect((await harness.upstreamLog(`ada__${tag}1`)).length).toBe(1);
      return body.error.message;
    }

    it("under the operator's CREDIT_LIMIT", async () => {
      const harness = await fresh({ CREDIT_LIMIT: '0.4' });
      expect(await leaveOneTenth(harness, 'op')).toMatch(
        /^The server operator's credit limit of 0\.4 in total leaves 0\.1 credits \(0\.3 spent\), less than this call's price of 0\.2/,
      );
      expect((await harness.state()).budget).toMatchObject({
        spentInPeriod: '0.4',
        reached: true,
        reachedBy: 'operator',
      });
    });

    it("under the session's personal limit", async () => {
      const harness = await fresh();
      await putLimit(harness, { limit: '0.4' });
      expect(await leaveOneTenth(harness, 'own')).toMatch(
        /^Your credit limit of 0\.4 for this session leaves 0\.1 credits \(0\.3 spent\), less than this call's price of 0\.2/,
      );
      expect((await harness.state()).session.total).toBe('0.4');
    });

    it("under a person's own limit (#28)", async () => {
      process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
      const harness = await fresh({ CREDITSCOPE_AUTH: 'accounts' });
      const token = await new PeopleAdmin(harness.identity, 'cli').add('alice', 'member', {
        credits: '0.4',
        period: 'day',
      });
      const welcome = await harness.api('/api/_auth/welcome', {
        method: 'POST',
        body: JSON.stringify({ token, password: 'correct horse battery' }),
      });
      const cookie = /creditscope_sid=[^;]*/.exec(welcome.headers.get('set-cookie') ?? '')![0];
      expect(await leaveOneTenth(harness, 'her', { cookie })).toMatch(
        /^alice's limit of 0\.4 credits a day leaves 0\.1 credits \(0\.3 spent today \(UTC\)\), less than this call's price of 0\.2/,
      );
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
