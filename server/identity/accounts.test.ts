import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, waitFor, type HarnessOptions, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { PeopleAdmin } from './admin.ts';
import { describeAuth } from './describe.ts';
import type { Role } from './auth-config.ts';
import { THROTTLE } from './throttle.ts';

// Hashing at a test's cost (read only under Vitest); a production server always hashes at N=2^17.
beforeAll(() => {
  process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
});

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const PASSWORD = 'correct horse battery';

async function accountsServer(env: Record<string, string> = {}, options: HarnessOptions = {}) {
  const harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts', ...env }, options);
  cleanup.push(() => harness.close());
  return harness;
}

/** A person added as `npm run user -- add` adds them, who then opens their welcome link: their session cookie. */
async function person(
  harness: ProxyHarness,
  name: string,
  role: Role,
  limit: { credits: string; period: 'total' | 'day' | 'month' } | null = null,
): Promise<string> {
  const token = await new PeopleAdmin(harness.identity, 'cli').add(name, role, limit);
  const response = await post(harness, '/api/_auth/welcome', { token, password: PASSWORD });
  expect(response.status).toBe(200);
  return sessionCookieOf(response);
}

const post = (harness: ProxyHarness, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  harness.api(pathname, { method: 'POST', body: JSON.stringify(body), headers });

function sessionCookieOf(response: Response): string {
  const cookie = response.headers.get('set-cookie') ?? '';
  const value = /creditscope_sid=([^;]*)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no session cookie in ${JSON.stringify(cookie)}`);
  return `creditscope_sid=${value}`;
}

const timeline = (handle: string) => `/api/v1/social/microblog/posts?screen_name=${handle}`;

interface FoundHit {
  from: { subject: string; person: string | null };
}
interface Found {
  indexing: number;
  hits: FoundHit[];
}

/** Every post a find lists once every page bought is indexed (the indexer catches up in the background). */
const findIndexed = async (harness: ProxyHarness, headers: Record<string, string> = {}) => {
  const found = await waitFor(
    async () => (await (await harness.api('/api/_archive/search', { headers })).json()) as Found,
    (answer) => answer.indexing === 0,
    15_000,
  );
  return found.hits;
};

/** Who bought the pages each find hit came from, by the page's subject. */
const whoBoughtEachSubject = (hits: FoundHit[]) => {
  const people: Record<string, (string | null)[]> = {};
  for (const { from } of hits) people[from.subject] = [...new Set([...(people[from.subject] ?? []), from.person])];
  return people;
};

describe('accounts mode (CREDITSCOPE_AUTH=accounts)', () => {
  it('refuses every /api request without a credential 401, and sends nothing upstream', async () => {
    const harness = await accountsServer();
    for (const pathname of [timeline('ada'), '/api/_session', '/api/_jobs', '/api/_nothing-here']) {
      const response = await harness.api(pathname);
      expect(response.status, pathname).toBe(401);
      expect(await response.json()).toMatchObject({
        error: { kind: 'sign-in-required', charged: 'no', message: 'Sign in to use creditscope on this server.' },
      });
    }
    const search = await post(harness, '/api/v1/search', { q: 'x' });
    expect(search.status).toBe(401);
    expect(await harness.upstreamLog()).toHaveLength(0);
    const me = await harness.api('/api/_auth/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ mode: 'accounts', exposed: false, adminExists: false, person: null });
  });

  it('signs in with the password chosen on the welcome link, once; a wrong one is a generic 401', async () => {
    const harness = await accountsServer();
    const admin = new PeopleAdmin(harness.identity, 'cli');
    const token = await admin.add('alice', 'member', { credits: '0.3', period: 'day' });
    const short = await post(harness, '/api/_auth/welcome', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect((await short.json()) as object).toMatchObject({ error: { kind: 'invite-invalid' } });
    const welcome = await post(harness, '/api/_auth/welcome', { token, password: PASSWORD });
    expect(welcome.status).toBe(200);
    // One-time: the same link again is refused.
    const again = await post(harness, '/api/_auth/welcome', { token, password: PASSWORD });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { kind: 'invite-invalid' } });

    for (const body of [
      { name: 'alice', password: 'wrong password!' },
      { name: 'nobody', password: PASSWORD },
    ]) {
      const wrong = await post(harness, '/api/_auth/sign-in', body);
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({
        error: { kind: 'wrong-credentials', message: 'Wrong name or password.' },
      });
      expect(wrong.headers.get('set-cookie')).toBeNull();
    }
    const signIn = await post(harness, '/api/_auth/sign-in', { name: 'alice', password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toEqual({
      person: {
        name: 'alice',
        role: 'member',
        limit: { credits: '0.3', period: 'day', spent: '0', resetsAt: expect.stringMatching(/T00:00:00.000Z$/) },
      },
    });
    const cookie = signIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^creditscope_sid=[\w-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const me = await harness.api('/api/_auth/me', { headers: { cookie: sessionCookieOf(signIn) } });
    expect(await me.json()).toMatchObject({ mode: 'accounts', person: { name: 'alice', role: 'member' } });

    // Rotated on sign-in: the session the browser held before is over.
    const rotated = await post(
      harness,
      '/api/_auth/sign-in',
      { name: 'alice', password: PASSWORD },
      {
        cookie: sessionCookieOf(signIn),
      },
    );
    expect(sessionCookieOf(rotated)).not.toBe(sessionCookieOf(signIn));
    expect((await harness.api('/api/_session', { headers: { cookie: sessionCookieOf(signIn) } })).status).toBe(401);
    expect((await harness.api('/api/_session', { headers: { cookie: sessionCookieOf(rotated) } })).status).toBe(200);
  });

  it('refuses a welcome link past its 24 hours, and one replaced by a reset', async () => {
    const harness = await accountsServer();
    const admin = new PeopleAdmin(harness.identity, 'cli');
    const expired = await admin.add('alice', 'member', null);
    await harness.identity.db.transact((trx) =>
      trx
        .updateTable('invites')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute(),
    );
    const late = await post(harness, '/api/_auth/welcome', { token: expired, password: PASSWORD });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({
      error: { kind: 'invite-invalid', message: expect.stringMatching(/expired/) },
    });
    const replaced = await admin.reset('alice');
    const fresh = await admin.reset('alice');
    expect((await post(harness, '/api/_auth/welcome', { token: replaced, password: PASSWORD })).status).toBe(400);
    expect((await post(harness, '/api/_auth/welcome', { token: fresh, password: PASSWORD })).status).toBe(200);
  });

  it('ends a session idle for 8 hours, and any session at 7 days however busy', async () => {
    const harness = await accountsServer();
    const { signIns } = harness.identity;
    const start = new Date('2026-11-20T09:00:00.000Z');
    const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
    const idle = await signIns.start('alice', undefined, start);
    expect(await signIns.personOf(idle, at(7.9))).toBe('alice');
    expect(await signIns.personOf(idle, at(7.9 + 8))).toBeNull();
    const busy = await signIns.start('alice', undefined, start);
    for (let hour = 6; hour < 7 * 24; hour += 6) expect(await signIns.personOf(busy, at(hour))).toBe('alice');
    expect(await signIns.personOf(busy, at(7 * 24))).toBeNull();
  });

  it(`throttles a name after ${THROTTLE.perNameFromAddress} wrong passwords, even with the right one, saying how long to wait`, async () => {
    const harness = await accountsServer();
    await person(harness, 'alice', 'member');
    for (let attempt = 1; attempt <= THROTTLE.perNameFromAddress; attempt += 1) {
      const wrong = await post(harness, '/api/_auth/sign-in', { name: 'alice', password: `wrong ${attempt}` });
      expect(wrong.status, `attempt ${attempt}`).toBe(401);
    }
    const throttled = await post(harness, '/api/_auth/sign-in', { name: 'alice', password: PASSWORD });
    expect(throttled.status).toBe(429);
    const body = (await throttled.json()) as { error: { kind: string; retryAfterSeconds: number } };
    expect(body.error.kind).toBe('sign-in-throttled');
    expect(body.error.retryAfterSeconds).toBeGreaterThan(800);
    expect(Number(throttled.headers.get('retry-after'))).toBe(body.error.retryAfterSeconds);
  });
});

describe('sign-in that resists abuse (#38)', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });
  /** Hashes made from here on (and checks of them) at N=2^logN (none: 2^17, as in production), until the test ends. */
  const atScryptCost = (logN?: number) => {
    const testCost = process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N;
    if (logN) process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = String(logN);
    else delete process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N;
    cleanup.push(async () => {
      process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = testCost;
    });
  };
  const statuses = (responses: Response[]) =>
    responses.reduce<Record<number, number>>(
      (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    );

  it.each(STORE_KINDS)(
    "counts a burst as it comes, and a stranger's wrong passwords shut out only the stranger (%s store)",
    async (store) => {
      // Addresses as a trusted proxy forwards them: the stranger's, and frank's own.
      const harness = await accountsServer({ CREDITSCOPE_TRUSTED_PROXIES: '127.0.0.1,::1' }, { store });
      await person(harness, 'grace', 'member');
      // Frank's password hashed at 16 times the test cost: each check takes long enough (as at production cost) that
      // a burst is all in before the first answer.
      atScryptCost(14);
      await person(harness, 'frank', 'member');
      const signIn = (name: string, password: string, address: string) =>
        post(harness, '/api/_auth/sign-in', { name, password }, from(address));

      // 45 wrong passwords at once for frank from one address: at most 20 are checked, the rest refused unchecked.
      const burst = statuses(
        await Promise.all(Array.from({ length: 45 }, (_, index) => signIn('frank', `wrong ${index}`, '10.6.6.6'))),
      );
      expect(burst[401]).toBeLessThanOrEqual(THROTTLE.perNameFromAddress);
      expect(burst[429]).toBe(45 - burst[401]!);
      expect((await signIn('frank', PASSWORD, '10.6.6.6')).status).toBe(429);
      // The stranger spreads over a second victim: grace is shut out from the stranger's address too.
      for (let index = 0; index < THROTTLE.perNameFromAddress; index += 1)
        expect((await signIn('grace', `wrong ${index}`, '10.6.6.6')).status).toBe(401);
      expect((await signIn('grace', PASSWORD, '10.6.6.6')).status).toBe(429);

      // Frank and grace, from their own addresses, sign in at once with their passwords.
      expect((await signIn('frank', PASSWORD, '10.0.0.7')).status).toBe(200);
      expect((await signIn('grace', PASSWORD, '10.0.0.8')).status).toBe(200);

      // Frank behind the stranger's address (one office's NAT): a fresh welcome link from an admin lets him in,
      // and from then on his password does too.
      const token = await new PeopleAdmin(harness.identity, 'cli').reset('frank');
      const welcomed = await post(harness, '/api/_auth/welcome', { token, password: PASSWORD }, from('10.6.6.6'));
      expect(welcomed.status).toBe(200);
      expect((await signIn('frank', PASSWORD, '10.6.6.6')).status).toBe(200);
    },
    60_000,
  );

  it.each(STORE_KINDS)(
    'slows a name tried from many addresses instead of locking it: one try checked every 2 s (%s store)',
    async (store) => {
      const harness = await accountsServer({}, { store });
      const { throttle } = harness.identity;
      const now = new Date();
      for (let index = 0; index < THROTTLE.nameSlowAfter; index += 1)
        expect(await throttle.reserve('frank', `10.1.0.${index}`, now)).toEqual({ kind: 'check', delayMs: 0 });
      // Past 20, each try waits its turn; past a queue of 10 s, it is refused saying how long.
      const turns = [];
      for (let index = 0; index < 8; index += 1) turns.push(await throttle.reserve('frank', `10.2.0.${index}`, now));
      expect(turns.slice(0, 6)).toEqual(
        [0, 2000, 4000, 6000, 8000, 10000].map((delayMs) => ({ kind: 'check', delayMs })),
      );
      expect(turns.slice(6)).toEqual([
        { kind: 'wait', retryAfterSeconds: 12 },
        { kind: 'wait', retryAfterSeconds: 12 },
      ]);
      // Once the turns have passed, frank's own try is checked at once.
      expect(await throttle.reserve('frank', '10.0.0.7', new Date(now.getTime() + 12_000))).toEqual({
        kind: 'check',
        delayMs: 0,
      });
    },
  );

  it.each(STORE_KINDS)(
    'a burst of made-up welcome tokens and wrong passwords from one address leaves a real sign-in as quick (%s store)',
    async (store) => {
      // Hashing at production cost (N=2^17) for this test: what the attack spent.
      atScryptCost();
      const harness = await accountsServer({ CREDITSCOPE_TRUSTED_PROXIES: '127.0.0.1,::1' }, { store });
      await person(harness, 'frank', 'member');
      const stranger = from('10.6.6.6');
      const timedSignIn = async () => {
        const started = performance.now();
        const response = await post(
          harness,
          '/api/_auth/sign-in',
          { name: 'frank', password: PASSWORD },
          from('10.0.0.7'),
        );
        expect(response.status).toBe(200);
        return performance.now() - started;
      };
      const unloaded = Math.min(await timedSignIn(), await timedSignIn());

      const fakes = Array.from({ length: 40 }, (_, index) =>
        post(
          harness,
          '/api/_auth/welcome',
          { token: `made-up-token-${index}`.padEnd(43, 'x'), password: PASSWORD },
          stranger,
        ),
      );
      const loadedByTokens = await timedSignIn();
      // Each made-up token refused unhashed: 20 as not valid, the rest throttled (20 tries per address).
      expect(statuses(await Promise.all(fakes))).toEqual({
        400: THROTTLE.welcomePerAddress,
        429: 40 - THROTTLE.welcomePerAddress,
      });
      // Generous for a busy machine; with the 40 hashes queued ahead of it, it took ten times as long.
      expect(loadedByTokens, `unloaded ${Math.round(unloaded)} ms`).toBeLessThan(Math.max(1000, 3 * unloaded));

      // Wrong passwords at once from one address: two hashed at a time, the rest refused unchecked, so the real
      // sign-in waits for one hash at most (before: all 40 hashed, queued ahead of it).
      const guesses = Array.from({ length: 40 }, (_, index) =>
        post(harness, '/api/_auth/sign-in', { name: 'frank', password: `guess ${index}` }, stranger),
      );
      const loadedByGuesses = await timedSignIn();
      const guessed = statuses(await Promise.all(guesses));
      expect(guessed[401]).toBeLessThanOrEqual(THROTTLE.perNameFromAddress);
      expect(guessed[429]).toBe(40 - guessed[401]!);
      // Its store writes wait behind the burst's (each try counted in turn): generous, the 40 hashes took 20 times as long.
      expect(loadedByGuesses, `unloaded ${Math.round(unloaded)} ms`).toBeLessThan(Math.max(1500, 10 * unloaded));
    },
    60_000,
  );
});

describe('what each person may spend, and who bought what', () => {
  it("holds alice's own limit of 0.3 a day: three pages bought, the fourth refused naming her limit, nothing sent", async () => {
    const harness = await accountsServer();
    const alice = await person(harness, 'alice', 'member', { credits: '0.3', period: 'day' });
    for (const handle of ['ada__a1', 'ada__a2', 'ada__a3']) {
      const bought = await harness.api(timeline(handle), { headers: { cookie: alice } });
      expect(bought.status, handle).toBe(200);
    }
    expect(await harness.upstreamLog()).toHaveLength(3);
    const refused = await harness.api(timeline('ada__a4'), { headers: { cookie: alice } });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { error: { kind: string; message: string; limitOwner: string } };
    expect(body.error).toMatchObject({ kind: 'budget', charged: 'no', limitOwner: 'alice' });
    expect(body.error.message).toMatch(/^alice's limit of 0\.3 credits a day is reached \(0\.3 spent today/);
    expect(body.error.message).toMatch(/resets at 00:00 UTC/);
    expect(await harness.upstreamLog()).toHaveLength(3);

    // Her rows are hers; her standing is on /api/_auth/me.
    const mine = await (await harness.api('/api/_session', { headers: { cookie: alice } })).json();
    expect(mine.person).toBe('alice');
    expect(mine.rows.map((row: { person: string | null }) => row.person)).toEqual(['alice', 'alice', 'alice']);
    const me = await (await harness.api('/api/_auth/me', { headers: { cookie: alice } })).json();
    expect(me.person.limit).toMatchObject({ credits: '0.3', period: 'day', spent: '0.3' });
  });

  it("shows alice's own limit on her meter: calm, amber at 80 % of it, and refuses the page that does not fit in what is left", async () => {
    const harness = await accountsServer();
    // 0.25 a day at 0.1 a page: amber from 0.2 (two pages); the third does not fit in the 0.05 left, and is not sent.
    const alice = await person(harness, 'alice', 'member', { credits: '0.25', period: 'day' });
    const bob = await person(harness, 'bob', 'viewer');
    const budget = async (cookie: string) =>
      ((await (await harness.api('/api/_session', { headers: { cookie } })).json()) as { budget: object }).budget;
    const buy = async (handle: string) =>
      expect((await harness.api(timeline(handle), { headers: { cookie: alice } })).status, handle).toBe(200);
    const herLimit = {
      name: 'alice',
      limit: '0.25',
      period: 'day',
      resetsAt: expect.stringMatching(/T00:00:00.000Z$/),
    };

    await buy('ada__m1');
    expect(await budget(alice)).toMatchObject({
      limit: '0.25',
      remaining: '0.15',
      warnAt: '0.2',
      warning: false,
      reached: false,
      person: { ...herLimit, spent: '0.1' },
    });
    await buy('ada__m2');
    expect(await budget(alice)).toMatchObject({
      warning: true,
      warningBy: 'person',
      reached: false,
      remaining: '0.05',
    });
    const third = await harness.api(timeline('ada__m3'), { headers: { cookie: alice } });
    expect(third.status).toBe(402);
    expect(((await third.json()) as { error: { message: string } }).error.message).toMatch(
      /^alice's limit of 0\.25 credits a day leaves 0\.05 credits \(0\.2 spent today \(UTC\)\), less than this call's price of 0\.1/,
    );
    expect(await budget(alice)).toMatchObject({
      reached: false,
      remaining: '0.05',
      person: { ...herLimit, spent: '0.2' },
    });
    expect(await harness.upstreamLog()).toHaveLength(2);
    // Bob has no limit of his own: his meter weighs the operator's and the session's only, and names nobody.
    expect(await budget(bob)).toMatchObject({ limit: null, reached: false, person: null });
  });

  it('lets a viewer read what was bought, free, and refuses them a purchase 403 before anything is journalled', async () => {
    const harness = await accountsServer();
    const alice = await person(harness, 'alice', 'member');
    const bob = await person(harness, 'bob', 'viewer');
    expect((await harness.api(timeline('ada__v1'), { headers: { cookie: alice } })).status).toBe(200);
    const archived = await harness.api(timeline('ada__v1'), { headers: { cookie: bob } });
    expect(archived.status).toBe(200);
    expect(archived.headers.get('x-creditscope-charged')).toBe('no');
    const refused = await harness.api(timeline('ada__v2'), { headers: { cookie: bob } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { kind: 'viewer-cannot-spend', charged: 'no' } });
    expect(await harness.upstreamLog()).toHaveLength(1);
    // Nothing journalled for bob: his own session is empty (#33), a viewer reads his own rows as a member does (#38),
    // and alice's one call is the team's spend.
    const state = await (await harness.api('/api/_session', { headers: { cookie: bob } })).json();
    expect(state.person).toBe('bob');
    expect(state.rows).toEqual([]);
    expect(state.team).toMatchObject({ spent: '0.1', calls: 1, byPerson: null });
    // Nor may a viewer start a collection job, or read the admins' lists.
    const job = await post(harness, '/api/_jobs/quote', { handles: ['ada'], pages: 1 }, { cookie: bob });
    expect(job.status).toBe(403);
    expect((await harness.api('/api/_auth/people', { headers: { cookie: alice } })).status).toBe(403);
  });

  it('spends as alice from a plain script sending only her key; a wrong key is 401 and buys nothing', async () => {
    const harness = await accountsServer();
    await person(harness, 'alice', 'member');
    const key = await new PeopleAdmin(harness.identity, 'cli').key('alice', 'script');
    // What a script sends: `Authorization` and nothing else (no app header, no cookie), as Node's own fetch does.
    const asScript = (pathname: string, authorization: string, headers: Record<string, string> = {}) =>
      fetch(`${harness.origin}${pathname}`, { headers: { authorization, ...headers } });
    const bought = await asScript(timeline('ada__k1'), `Bearer ${key}`);
    expect(bought.status).toBe(200);
    expect(await harness.upstreamLog()).toHaveLength(1);
    const wrong = await asScript(timeline('ada__k2'), `Bearer ${key}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { kind: 'sign-in-required' } });
    // A browser's request keeps the browser's rules, key or not: another site's, or one with a cookie, is refused.
    expect((await asScript(timeline('ada__k3'), `Bearer ${key}`, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await asScript(timeline('ada__k4'), `Bearer ${key}`, { cookie: 'creditscope_sid=x' })).status).toBe(403);
    expect(await harness.upstreamLog()).toHaveLength(1);

    // The README's key lines run as printed in e2e/readme-team.spec.ts.

    const admin = await person(harness, 'root', 'admin');
    // Alice's by her key: the team's spend, by person for an admin (#33).
    const state = await (await harness.api('/api/_session', { headers: { cookie: admin } })).json();
    expect(state.team.byPerson).toEqual([{ name: 'alice', spent: '0.1', calls: 1 }]);
    const audit = await (await harness.api('/api/_auth/audit', { headers: { cookie: admin } })).json();
    expect(
      audit.entries.map((entry: { action: string; subject: string }) => `${entry.action} ${entry.subject}`),
    ).toEqual(expect.arrayContaining(['person-added alice', 'key-created alice', 'person-added root']));
  });

  it('marks the cookie Secure when the request came over TLS through a trusted proxy, and signs out everywhere', async () => {
    const harness = await accountsServer({ CREDITSCOPE_TRUSTED_PROXIES: '127.0.0.1,::1' });
    const first = await person(harness, 'alice', 'member');
    const signIn = await post(
      harness,
      '/api/_auth/sign-in',
      { name: 'alice', password: PASSWORD },
      {
        'x-forwarded-proto': 'https',
      },
    );
    expect(signIn.headers.get('set-cookie')).toMatch(/; Secure(;|$)/);
    const second = sessionCookieOf(signIn);
    const out = await post(harness, '/api/_auth/sign-out', { everywhere: true }, { cookie: second });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^creditscope_sid=; .*Max-Age=0/);
    for (const cookie of [first, second])
      expect((await harness.api('/api/_session', { headers: { cookie } })).status).toBe(401);
  });

  it('sends a page asked for by nobody to /sign-in, and serves the sign-in page itself', async () => {
    const harness = await accountsServer();
    const page = await fetch(`${harness.origin}/credits?x=1`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent('/credits?x=1')}`);
    // A path that decodes to another host is not written into `next` (src/contract/safe-next.ts).
    for (const hostile of ['/%2F%2F127.0.0.2/phish', '/%5C127.0.0.2/phish', '/%09/127.0.0.2/phish']) {
      const refused = await fetch(`${harness.origin}${hostile}`, { redirect: 'manual' });
      expect(refused.headers.get('location'), hostile).toBe(`/sign-in?next=${encodeURIComponent('/')}`);
    }
    expect((await fetch(`${harness.origin}/sign-in`, { redirect: 'manual' })).status).toBe(200);
    const alice = await person(harness, 'alice', 'member');
    expect((await fetch(`${harness.origin}/credits`, { headers: { cookie: alice }, redirect: 'manual' })).status).toBe(
      200,
    );
  });

  it.each(STORE_KINDS)(
    'names who bought each page in History and Find, and lists the team’s pages to a member; nobody is null (%s store)',
    async (store) => {
      const harness = await accountsServer({}, { store });
      const alice = await person(harness, 'alice', 'member');
      const bob = await person(harness, 'bob', 'member');
      expect((await harness.api(timeline('ada__w1'), { headers: { cookie: alice } })).status).toBe(200);
      expect((await harness.api(timeline('ada__w2'), { headers: { cookie: bob } })).status).toBe(200);
      // The archive is the team's and free to read: bob sees alice's page too, said to be hers.
      const history = await (await harness.api('/api/_history', { headers: { cookie: bob } })).json();
      expect(
        Object.fromEntries(
          history.entries.map((entry: { subject: string; person: string }) => [entry.subject, entry.person]),
        ),
      ).toEqual({ ada__w1: 'alice', ada__w2: 'bob' });
      const found = await findIndexed(harness, { cookie: bob });
      expect(whoBoughtEachSubject(found)).toEqual({ ada__w1: ['alice'], ada__w2: ['bob'] });
      expect(await harness.upstreamLog()).toHaveLength(2);

      // Loopback with nobody signed in: the same fields, null.
      const loopback = await startProxyAgainstStandin({}, { store });
      cleanup.push(() => loopback.close());
      expect((await loopback.api(timeline('ada__w3'))).status).toBe(200);
      const entries = (await (await loopback.api('/api/_history')).json()).entries;
      expect(entries.map((entry: { person: string | null }) => entry.person)).toEqual([null]);
      expect(whoBoughtEachSubject(await findIndexed(loopback))).toEqual({ ada__w3: [null] });
    },
  );
});

describe("a person's own keys, and the admins' lists (#28)", () => {
  interface KeyList {
    keys: { id: string; label: string; createdAt: string }[];
  }
  const keysOf = async (harness: ProxyHarness, cookie: string) =>
    (await (await harness.api('/api/_auth/keys', { headers: { cookie } })).json()) as KeyList;
  const revoke = (harness: ProxyHarness, id: string, cookie: string) =>
    harness.api(`/api/_auth/keys/${id}`, { method: 'DELETE', headers: { cookie } });

  it('lets a member make a key that spends as them, list it without its secret, and revoke it; nobody else may', async () => {
    const harness = await accountsServer();
    const alice = await person(harness, 'alice', 'member');
    const carol = await person(harness, 'carol', 'member');
    const bob = await person(harness, 'bob', 'viewer');

    const made = await post(harness, '/api/_auth/keys', { label: 'nightly export' }, { cookie: alice });
    expect(made.status).toBe(201);
    const { key, usage } = (await made.json()) as { key: string; usage: string };
    expect(key).toMatch(/^cs_/);
    expect(usage).toBe(`Authorization: Bearer ${key}`);
    const bought = await harness.api(timeline('ada__mk1'), { headers: { authorization: `Bearer ${key}` } });
    expect(bought.status).toBe(200);
    expect(await harness.upstreamLog()).toHaveLength(1);
    const mine = await (await harness.api('/api/_session', { headers: { cookie: alice } })).json();
    expect(mine.rows.map((row: { person: string }) => row.person)).toEqual(['alice']);

    // Listed by its label, never with the secret; another person's list does not show it.
    const listed = await harness.api('/api/_auth/keys', { headers: { cookie: alice } });
    const listedText = await listed.text();
    expect(listedText).not.toContain(key);
    const [only] = (JSON.parse(listedText) as KeyList).keys;
    expect(only).toMatchObject({ label: 'nightly export' });
    expect((await keysOf(harness, carol)).keys).toEqual([]);

    // Another member cannot revoke it (it looks like no key at all); a viewer makes no key.
    const notTheirs = await revoke(harness, only!.id, carol);
    expect(notTheirs.status).toBe(404);
    const viewerKey = await post(harness, '/api/_auth/keys', { label: 'read' }, { cookie: bob });
    expect(viewerKey.status).toBe(403);
    expect(await viewerKey.json()).toMatchObject({ error: { kind: 'viewer-cannot-spend' } });
    expect((await post(harness, '/api/_auth/keys', { label: '  ' }, { cookie: alice })).status).toBe(400);
    expect(
      (await harness.api('/api/_auth/keys', { method: 'POST', body: JSON.stringify({ label: 'x' }) })).status,
    ).toBe(401);
    expect((await harness.api(timeline('ada__mk2'), { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);

    // Revoked by its person: the key is 401 from then on, and nothing more is sent upstream.
    expect((await revoke(harness, only!.id, alice)).status).toBe(200);
    expect((await keysOf(harness, alice)).keys).toEqual([]);
    const after = await harness.api(timeline('ada__mk3'), { headers: { authorization: `Bearer ${key}` } });
    expect(after.status).toBe(401);
    expect(await harness.upstreamLog()).toHaveLength(2);
    expect((await revoke(harness, only!.id, alice)).status).toBe(404);

    // An admin revokes anyone's, and reads it all in the audit log, newest first, each under who did it.
    const admin = await person(harness, 'root', 'admin');
    await post(harness, '/api/_auth/keys', { label: 'laptop' }, { cookie: carol });
    const [carols] = (await keysOf(harness, carol)).keys;
    expect((await revoke(harness, carols!.id, admin)).status).toBe(200);
    const audit = (await (await harness.api('/api/_auth/audit', { headers: { cookie: admin } })).json()) as {
      entries: { at: string; actor: string; action: string; subject: string; detail: string | null }[];
    };
    const times = audit.entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    const keyEntries = audit.entries.filter((entry) => entry.action.startsWith('key-'));
    expect(keyEntries.map((entry) => `${entry.actor} ${entry.action} ${entry.subject} ${entry.detail}`).sort()).toEqual(
      [
        'alice key-created alice nightly export',
        'alice key-revoked alice nightly export',
        'carol key-created carol laptop',
        'root key-revoked carol laptop',
      ],
    );
  });

  it('refuses a key that asks to make or revoke a key, or to sign out: only the signed-in person can; revoked, it does nothing', async () => {
    const harness = await accountsServer();
    const alice = await person(harness, 'alice', 'member');
    const made = await post(harness, '/api/_auth/keys', { label: 'script' }, { cookie: alice });
    const asKey = { authorization: `Bearer ${((await made.json()) as { key: string }).key}` };
    const [only] = (await keysOf(harness, alice)).keys;
    const refusedToKey = async (response: Response) => {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { kind: 'auth', message: /^A key cannot do this/ } });
    };
    await refusedToKey(await post(harness, '/api/_auth/keys', { label: 'offspring' }, asKey));
    await refusedToKey(await harness.api(`/api/_auth/keys/${only!.id}`, { method: 'DELETE', headers: asKey }));
    await refusedToKey(await post(harness, '/api/_auth/sign-out', { everywhere: true }, asKey));
    // Nothing changed: one key, alice still signed in.
    expect((await keysOf(harness, alice)).keys).toEqual([only]);
    expect((await harness.api('/api/_session', { headers: { cookie: alice } })).status).toBe(200);

    expect((await revoke(harness, only!.id, alice)).status).toBe(200);
    expect((await harness.api('/api/_session', { headers: asKey })).status).toBe(401);
    expect(await harness.upstreamLog()).toHaveLength(0);
  });

  it('shows admins the people with their limit, spend and keys, and the audit log; a member is refused both 403', async () => {
    const harness = await accountsServer();
    const alice = await person(harness, 'alice', 'member', { credits: '0.3', period: 'day' });
    const admin = await person(harness, 'root', 'admin');
    expect((await harness.api(timeline('ada__p1'), { headers: { cookie: alice } })).status).toBe(200);
    await post(harness, '/api/_auth/keys', { label: 'script' }, { cookie: alice });

    const people = await (await harness.api('/api/_auth/people', { headers: { cookie: admin } })).json();
    expect(people.people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'alice',
          role: 'member',
          limit: expect.objectContaining({ credits: '0.3', period: 'day', spent: '0.1' }),
          spentTotal: '0.1',
          keys: 1,
          hasPassword: true,
        }),
        expect.objectContaining({ name: 'root', role: 'admin', limit: null, spentTotal: '0', keys: 0 }),
      ]),
    );
    const audit = await (await harness.api('/api/_auth/audit', { headers: { cookie: admin } })).json();
    expect(audit.entries[0]).toMatchObject({ actor: 'alice', action: 'key-created', subject: 'alice' });
    for (const pathname of ['/api/_auth/people', '/api/_auth/audit']) {
      const refused = await harness.api(pathname, { headers: { cookie: alice } });
      expect(refused.status, pathname).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { kind: 'auth' } });
    }
    expect(await harness.upstreamLog()).toHaveLength(1);
  });
});

describe('the People page: what `npm run user` does, for admins in the browser (#34.4)', () => {
  interface Page {
    entries: { at: string; actor: string; action: string; subject: string | null; detail: string | null }[];
    next: string | null;
  }
  const send = (harness: ProxyHarness, method: string, pathname: string, cookie: string, body?: unknown) =>
    harness.api(pathname, {
      method,
      headers: { cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const tokenOf = (welcome: string) => /^\/welcome#token=(.+)$/.exec(welcome)![1]!;
  const check = async (harness: ProxyHarness, token: string) =>
    ((await (await post(harness, '/api/_auth/welcome/check', { token })).json()) as { state: string }).state;

  it.each(STORE_KINDS)(
    'invites, changes, resets, signs out and removes a person, each audited under the admin, in pages (%s)',
    { timeout: 60_000 },
    async (store) => {
      const harness = await accountsServer({}, { store });
      const root = await person(harness, 'root', 'admin');
      const alice = await person(harness, 'alice', 'member');
      const vic = await person(harness, 'vic', 'viewer');

      // Invited from the page: the welcome link answered once, checked (without spending a use), then used.
      const invited = await send(harness, 'POST', '/api/_auth/people', root, {
        name: 'carol',
        role: 'member',
        limit: { credits: '0.5', period: 'day' },
      });
      expect(invited.status).toBe(201);
      const token = tokenOf(((await invited.json()) as { welcome: string }).welcome);
      expect(await check(harness, token)).toBe('valid');
      expect(await check(harness, token)).toBe('valid');
      const carol = sessionCookieOf(await post(harness, '/api/_auth/welcome', { token, password: PASSWORD }));
      expect(await check(harness, token)).toBe('used');
      expect(await check(harness, 'not-a-token')).toBe('used');
      const again = await send(harness, 'POST', '/api/_auth/people', root, {
        name: 'carol',
        role: 'viewer',
        limit: null,
      });
      expect(again.status).toBe(409);
      const badLimit = await send(harness, 'POST', '/api/_auth/people', root, {
        name: 'dave',
        role: 'member',
        limit: { credits: 'lots', period: 'day' },
      });
      expect(badLimit.status).toBe(400);
      expect(await badLimit.json()).toMatchObject({
        error: { message: expect.stringMatching(/^A person's limit "lots" is not a non-negative decimal number\./) },
      });
      expect(
        (await send(harness, 'POST', '/api/_auth/people', root, { name: 'bad name', role: 'member', limit: null }))
          .status,
      ).toBe(400);

      // Role, then limit; an unknown person is 404; the last admin keeps the role.
      expect((await send(harness, 'PATCH', '/api/_auth/people/carol', root, { role: 'viewer' })).status).toBe(200);
      const limited = await send(harness, 'PATCH', '/api/_auth/people/carol', root, {
        limit: { credits: '0.25', period: 'month' },
      });
      expect(await limited.json()).toEqual({
        person: { name: 'carol', role: 'viewer', limit: { credits: '0.25', period: 'month' } },
      });
      expect((await send(harness, 'PATCH', '/api/_auth/people/nobody', root, { role: 'viewer' })).status).toBe(404);
      const lastAdmin = await send(harness, 'PATCH', '/api/_auth/people/root', root, { role: 'member' });
      expect(lastAdmin.status).toBe(409);
      expect((await send(harness, 'DELETE', '/api/_auth/people/root', root)).status).toBe(409);

      // Signed out everywhere: carol's session is gone, her password still works.
      expect((await harness.api('/api/_session', { headers: { cookie: carol } })).status).toBe(200);
      expect((await send(harness, 'POST', '/api/_auth/people/carol/sign-out', root, {})).status).toBe(200);
      expect((await harness.api('/api/_session', { headers: { cookie: carol } })).status).toBe(401);
      // A reset: a new link (the old password no longer signs in), then removed.
      const reset = await send(harness, 'POST', '/api/_auth/people/carol/reset', root, {});
      expect(await check(harness, tokenOf(((await reset.json()) as { welcome: string }).welcome))).toBe('valid');
      expect((await post(harness, '/api/_auth/sign-in', { name: 'carol', password: PASSWORD })).status).toBe(401);
      expect((await send(harness, 'DELETE', '/api/_auth/people/carol', root)).status).toBe(200);
      expect((await send(harness, 'DELETE', '/api/_auth/people/carol', root)).status).toBe(404);

      // Admins only: a member, a viewer and even an admin's key are refused, and change nothing.
      const rootKey = `Bearer ${await new PeopleAdmin(harness.identity, 'cli').key('root', 'script')}`;
      for (const [who, headers] of [
        ['alice', { cookie: alice }],
        ['vic', { cookie: vic }],
        ["root's key", { authorization: rootKey }],
      ] as const) {
        const refused = await harness.api('/api/_auth/people', {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'eve', role: 'admin', limit: null }),
        });
        expect(refused.status, who).toBe(403);
        expect((await send(harness, 'DELETE', '/api/_auth/people/alice', headers.cookie ?? '')).status).not.toBe(200);
      }
      expect(await harness.identity.people.person('eve')).toBeNull();
      expect(await harness.identity.people.person('alice')).not.toBeNull();

      // Every change, by root, newest first, two at a time: the pages join up with nothing repeated or missing.
      const seen: Page['entries'] = [];
      let before: string | null = null;
      do {
        const query: string = before ? `?limit=2&before=${before}` : '?limit=2';
        const page = (await (await send(harness, 'GET', `/api/_auth/audit${query}`, root)).json()) as Page;
        expect(page.entries.length).toBeLessThanOrEqual(2);
        seen.push(...page.entries);
        before = page.next;
      } while (before);
      const byRoot = seen.filter((entry) => entry.actor === 'root').map((entry) => `${entry.action} ${entry.subject}`);
      expect(byRoot).toEqual([
        'person-removed carol',
        'password-reset carol',
        'signed-out carol',
        'limit-set carol',
        'role-set carol',
        'person-added carol',
      ]);
      const whole = (await (await send(harness, 'GET', '/api/_auth/audit', root)).json()) as Page;
      expect(seen).toEqual(whole.entries);
      expect(whole.next).toBeNull();
      expect(JSON.parse(seen.find((entry) => entry.action === 'role-set')!.detail!)).toEqual({
        role: 'viewer',
        was: 'member',
      });
      expect((await send(harness, 'GET', '/api/_auth/audit?before=nonsense', root)).status).toBe(400);
      expect(await harness.upstreamLog()).toHaveLength(0);
    },
  );

  it('says an expired welcome link is expired before a password is asked, and checks are throttled', async () => {
    const harness = await accountsServer();
    const token = await new PeopleAdmin(harness.identity, 'cli').add('dora', 'member', null);
    await harness.identity.db.transact((trx) =>
      trx
        .updateTable('invites')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute(),
    );
    expect(await check(harness, token)).toBe('expired');
    let last = 0;
    for (let i = 1; i < THROTTLE.welcomeChecksPerAddress; i++)
      last = (await post(harness, '/api/_auth/welcome/check', { token })).status;
    expect(last).toBe(200);
    const throttled = await post(harness, '/api/_auth/welcome/check', { token });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('header mode (CREDITSCOPE_AUTH=header)', () => {
  const HEADER_MODE = { CREDITSCOPE_AUTH: 'header', CREDITSCOPE_TRUSTED_PROXIES: '127.0.0.1,::1' };
  const named = (name: string) => ({ 'x-forwarded-user': name });

  it('takes the name from a trusted proxy: a newcomer is a viewer, a member an admin added buys as themselves', async () => {
    const harness = await accountsServer(HEADER_MODE);
    const me = await (await harness.api('/api/_auth/me', { headers: named('carol') })).json();
    expect(me).toMatchObject({ mode: 'header', person: { name: 'carol', role: 'viewer' } });
    const refused = await harness.api(timeline('ada__h1'), { headers: named('carol') });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { kind: 'viewer-cannot-spend' } });

    await new PeopleAdmin(harness.identity, 'cli').add('dave', 'member', null);
    expect((await harness.api(timeline('ada__h2'), { headers: named('dave') })).status).toBe(200);
    const state = await (await harness.api('/api/_session', { headers: named('dave') })).json();
    expect(state.rows.map((row: { person: string }) => row.person)).toEqual(['dave']);
    expect((await harness.api(timeline('ada__h3'))).status).toBe(401);
    expect(await harness.upstreamLog()).toHaveLength(1);
    // Trusting the loopback address any program here connects from is said at start, loudly.
    expect(await describeAuth(harness.identity, harness.config)).toMatch(
      /newcomers let in as viewers\. WARNING: CREDITSCOPE_TRUSTED_PROXIES trusts 127\.0\.0\.1 and ::1, which any program on this machine connects from/,
    );
  });

  it.each(STORE_KINDS)(
    'keeps a removed name out whatever the proxy says, until an admin adds it again (%s store)',
    async (store) => {
      // Newcomers let in as members: the removed name must not come back as one.
      const harness = await accountsServer({ ...HEADER_MODE, CREDITSCOPE_HEADER_NEWCOMERS: 'member' }, { store });
      const admin = new PeopleAdmin(harness.identity, 'cli');
      await admin.add('dave', 'viewer', { credits: '0.1', period: 'day' });
      expect((await harness.api('/api/_session', { headers: named('dave') })).status).toBe(200);
      await admin.remove('dave');

      for (const pathname of [timeline('ada__h4'), '/api/_session', '/api/_auth/keys']) {
        const response = await harness.api(pathname, { headers: named('dave') });
        expect(response.status, pathname).toBe(403);
        expect(await response.json()).toMatchObject({
          error: { kind: 'auth', message: /^dave was removed from this creditscope by an admin/ },
        });
      }
      const page = await fetch(`${harness.origin}/credits`, { headers: named('dave') });
      expect(page.status).toBe(403);
      expect(await page.text()).toMatch(/^dave was removed/);
      expect(await harness.identity.people.person('dave')).toBeNull();
      expect(await harness.upstreamLog()).toHaveLength(0);

      // Added again by an admin: in, with the role and limit given then.
      await admin.add('dave', 'member', { credits: '0.1', period: 'day' });
      expect((await harness.api(timeline('ada__h4'), { headers: named('dave') })).status).toBe(200);
      expect(await harness.identity.people.person('dave')).toMatchObject({
        role: 'member',
        limit: { credits: '0.1', period: 'day' },
      });
    },
  );

  it('refuses a name no admin added where newcomers are refused, adding nobody', async () => {
    const harness = await accountsServer({ ...HEADER_MODE, CREDITSCOPE_HEADER_NEWCOMERS: 'refuse' });
    const response = await harness.api('/api/_session', { headers: named('erin') });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: { kind: 'auth', message: expect.stringContaining('CREDITSCOPE_HEADER_NEWCOMERS=refuse') },
    });
    expect(await harness.identity.people.list()).toEqual([]);
  });

  it('believes the header from nowhere else: the same request from an untrusted address is 401, nothing sent', async () => {
    const harness = await accountsServer({ CREDITSCOPE_AUTH: 'header', CREDITSCOPE_TRUSTED_PROXIES: '10.9.9.9' });
    const response = await harness.api(timeline('ada__h5'), { headers: named('carol') });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { kind: 'sign-in-required' } });
    expect((await fetch(`${harness.origin}/credits`, { headers: named('carol') })).status).toBe(401);
    expect(await harness.upstreamLog()).toHaveLength(0);
    expect(await describeAuth(harness.identity, harness.config)).not.toMatch(/WARNING/);
  });
});
