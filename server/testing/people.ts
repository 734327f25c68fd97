import { PeopleAdmin } from '../identity/admin.ts';
import type { Role } from '../identity/auth-config.ts';
import type { ProxyHarness } from './harness.ts';

export const TEST_PASSWORD = 'correct horse battery';

/**
 * A person added as `npm run user -- add` adds them, who then opens their welcome link: the `cookie` header their
 * browser sends from then on. Set CREDITSCOPE_TEST_SCRYPT_LOG_N first to hash at a test's cost.
 */
export async function signedInPerson(
  harness: ProxyHarness,
  name: string,
  role: Role,
  limit: { credits: string; period: 'total' | 'day' | 'month' } | null = null,
): Promise<string> {
  const token = await new PeopleAdmin(harness.identity, 'cli').add(name, role, limit);
  const response = await harness.api('/api/_auth/welcome', {
    method: 'POST',
    body: JSON.stringify({ token, password: TEST_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`welcome for ${name}: ${response.status} ${await response.text()}`);
  const value = /creditscope_sid=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!value) throw new Error(`no session cookie for ${name}`);
  return `creditscope_sid=${value}`;
}

/** `name` added and signed in through their welcome link (as above): the API as their browser calls it. */
export async function signedInApi(
  harness: ProxyHarness,
  name: string,
  role: Role,
  limit: { credits: string; period: 'total' | 'day' | 'month' } | null = null,
): Promise<ProxyHarness['api']> {
  const cookie = await signedInPerson(harness, name, role, limit);
  return (pathname, init = {}) =>
    harness.api(pathname, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
}
