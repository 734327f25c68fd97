import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionState } from '../../src/contract/session.ts';
import type { Quote } from '../jobs/quote.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { signedInPerson } from '../testing/people.ts';
import { STORE_KINDS } from '../testing/postgres.ts';

// Hashing at a test's cost (read only under Vitest); a production server always hashes at N=2^17.
beforeAll(() => {
  process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
});

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const timeline = (handle: string) => `/api/v1/social/microblog/posts?screen_name=${handle}`;

/**
 * #33 part 1: each person's own numbers. On a shared server in accounts mode, a session, its spend, rows and pace,
 * the limit on it and the alerts set are the signed-in person's; the team's spend is a figure apart, labelled as
 * the team's, by person for an admin. Real server, real stand-in (its log proves what was sent), both stores.
 */
describe.each(STORE_KINDS)("each person's own session and numbers (%s store)", (store) => {
  let harness: ProxyHarness;
  const as = (cookie: string) => ({ headers: { cookie } });
  const stateOf = async (cookie: string) =>
    (await (await harness.api('/api/_session', as(cookie))).json()) as SessionState;
  const buy = (handle: string, cookie: string) => harness.api(timeline(handle), as(cookie));
  const setLimit = (cookie: string, limit: string | null) =>
    harness.api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit }), ...as(cookie) });

  it("answers /api/_session with the asker's own session, pace and rows, and the team's spend labelled apart", async () => {
    harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts' }, { store });
    cleanup.push(() => harness.close());
    const alice = await signedInPerson(harness, 'alice', 'member');
    const bob = await signedInPerson(harness, 'bob', 'member', { credits: '0.5', period: 'day' });
    const admin = await signedInPerson(harness, 'root', 'admin');
    for (const handle of ['ada__own1', 'ada__own2', 'ada__own3'])
      expect((await buy(handle, alice)).status, handle).toBe(200);
    expect(await harness.upstreamLog()).toHaveLength(3);

    // Bob spent nothing: his session, rows and pace say so, and his own limit is whole.
    const bobs = await stateOf(bob);
    expect(bobs.person).toBe('bob');
    expect(bobs.session).toMatchObject({ calls: 0, total: '0' });
    expect(bobs.rows).toEqual([]);
    expect(bobs.recentSpend).toEqual([]);
    expect(bobs.budget).toMatchObject({ limit: '0.5', remaining: '0.5', reached: false });
    // The team's spend is there, as the team's: all three of alice's calls, not split by person for a member.
    expect(bobs.team).toEqual({ period: 'total', spent: '0.3', calls: 3, byPerson: null });
    // A job's quote weighs the asker's own limits: ten pages (1 credit) do not fit in bob's 0.5, and do in alice's.
    const quoteFor = async (cookie: string) => {
      const spec = { handles: ['grace__own'], timeline: { pages: 10 } };
      const answer = await harness.api('/api/_jobs/quote', {
        method: 'POST',
        body: JSON.stringify(spec),
        ...as(cookie),
      });
      return ((await answer.json()) as { quote: Quote }).quote;
    };
    expect(await quoteFor(bob)).toMatchObject({ maxCredits: '1', budgetLeft: '0.5', fits: false });
    expect(await quoteFor(alice)).toMatchObject({ maxCredits: '1', budgetLeft: null, fits: true });

    const alices = await stateOf(alice);
    expect(alices.session).toMatchObject({ calls: 3, total: '0.3' });
    expect(alices.rows.map((row) => row.person)).toEqual(['alice', 'alice', 'alice']);
    expect(alices.recentSpend.reduce((calls, minute) => calls + minute.calls, 0)).toBe(3);
    expect(alices.session.id).not.toBe(bobs.session.id);

    // An admin has a session of their own too, and sees the team's spend by person.
    const admins = await stateOf(admin);
    expect(admins.session).toMatchObject({ calls: 0, total: '0' });
    expect(admins.team).toEqual({
      period: 'total',
      spent: '0.3',
      calls: 3,
      byPerson: [{ name: 'alice', spent: '0.3', calls: 3 }],
    });
  });

  it("keeps a session limit and a new session each person's own: bob's limit of 0 stops bob only", async () => {
    harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts' }, { store });
    cleanup.push(() => harness.close());
    const alice = await signedInPerson(harness, 'alice', 'member');
    const bob = await signedInPerson(harness, 'bob', 'member');
    expect((await buy('ada__lim1', alice)).status).toBe(200);
    const alicesSession = (await stateOf(alice)).session.id;

    const set = await setLimit(bob, '0');
    expect(set.status).toBe(200);
    expect(((await set.json()) as SessionState).budget).toMatchObject({ personalLimit: '0', reachedBy: 'personal' });
    expect((await stateOf(alice)).budget).toMatchObject({ personalLimit: null, reached: false });

    // Alice still buys; bob is refused by his own limit, and nothing of his is sent.
    expect((await buy('ada__lim2', alice)).status).toBe(200);
    const refused = await buy('ada__lim3', bob);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: { kind: 'budget', charged: 'no' } });
    expect((await harness.upstreamLog()).map((call) => call.query.screen_name)).toEqual(['ada__lim1', 'ada__lim2']);

    // Bob's new session is his alone: alice's goes on, with both her calls in it.
    const started = await harness.api('/api/_session/new', { method: 'POST', ...as(bob) });
    expect(started.status).toBe(200);
    expect(((await started.json()) as SessionState).pastSessions).toHaveLength(1);
    const alices = await stateOf(alice);
    expect(alices.session).toMatchObject({ id: alicesSession, calls: 2, total: '0.2' });
    expect(alices.pastSessions).toEqual([]);

    // Alerts are each person's: alice's alert on her session fires for her, and bob neither lists nor receives it.
    const alert = await harness.api('/api/_spend/alerts', {
      method: 'POST',
      body: JSON.stringify({ kind: 'session', threshold: '0.1' }),
      ...as(alice),
    });
    expect(alert.status).toBe(201);
    expect((await stateOf(bob)).alertsFired).toEqual([]);
    expect(((await (await harness.api('/api/_spend/alerts', as(bob))).json()) as { alerts: unknown[] }).alerts).toEqual(
      [],
    );
    expect((await stateOf(alice)).alertsFired).toMatchObject([{ kind: 'session', threshold: '0.1', spent: '0.2' }]);
  });

  it("fires a person's alert on today's spend at their own limit, however near the team's limit others bring it", async () => {
    harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts', CREDIT_LIMIT: '1.2' }, { store });
    cleanup.push(() => harness.close());
    const alice = await signedInPerson(harness, 'alice', 'member');
    const bob = await signedInPerson(harness, 'bob', 'member', { credits: '1', period: 'day' });
    const alert = await harness.api('/api/_spend/alerts', {
      method: 'POST',
      body: JSON.stringify({ kind: 'today', threshold: '50' }),
      ...as(bob),
    });
    expect(alert.status).toBe(201);
    for (const page of [1, 2, 3, 4, 5, 6]) expect((await buy(`ada__team${page}`, alice)).status).toBe(200);
    for (const page of [1, 2, 3, 4]) expect((await buy(`ada__bob${page}`, bob)).status).toBe(200);
    expect((await stateOf(bob)).alertsFired).toEqual([]);
    // Bob's fifth page: 0.5 of his own 1, while the team's 1.1 of 1.2 makes the operator's limit the nearest.
    expect((await buy('ada__bob5', bob)).status).toBe(200);
    const bobs = await stateOf(bob);
    expect(bobs.budget).toMatchObject({ limitBy: 'operator', remaining: '0.1' });
    expect(bobs.alertsFired).toMatchObject([{ kind: 'today', threshold: '50', spent: '0.5', limit: '1' }]);
    expect(await harness.upstreamLog()).toHaveLength(11);
  });
});
