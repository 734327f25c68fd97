import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { PeopleAdmin } from './admin.ts';
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

async function accountsServer(env: Record<string, string> = {}) {
  const harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts', ...env });
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

  it(`throttles a name after ${THROTTLE.perName} wrong passwords, even with the right one, saying how long to wait`, async () => {
    const harness = await accountsServer();
    await person(harness, 'alice', 'member');
    for (let attempt = 1; attempt <= THROTTLE.perName; attempt += 1) {
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
