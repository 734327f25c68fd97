import { apiFetch } from '../client';
import { ApiError } from '../errors';
import type { SignInBody, SignOutBody, WelcomeBody } from '../../contract/requests';

/** `POST /api/_auth/sign-in`: 200 sets the session cookie; 401 wrong-credentials; 429 sign-in-throttled. */
export function signIn(name: string, password: string) {
  return apiFetch('/api/_auth/sign-in', { method: 'POST', body: { name, password } satisfies SignInBody });
}

/** `POST /api/_auth/welcome`: the invited person's first password, then signed in as by signIn. */
export function welcome(token: string, password: string) {
  return apiFetch('/api/_auth/welcome', { method: 'POST', body: { token, password } satisfies WelcomeBody });
}

/** `POST /api/_auth/sign-out` (204): this browser, or every browser and session of the person. */
export async function signOut(everywhere: boolean) {
  try {
    await apiFetch('/api/_auth/sign-out', { method: 'POST', body: { everywhere } satisfies SignOutBody });
  } catch (error) {
    // 204 has no JSON body; the cookie is cleared all the same.
    if (!(error instanceof ApiError && error.kind === 'invalid_response')) throw error;
  }
}

/** The contract's password rule (OWASP): shown beside the field and checked before sending. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters (at most ${PASSWORD_MAX}). A passphrase of a few words is easiest.`;

export function passwordProblem(password: string, again: string): string | null {
  if (password.length < PASSWORD_MIN)
    return `The password is ${password.length} characters; it needs at least ${PASSWORD_MIN}.`;
  if (password.length > PASSWORD_MAX) return `The password is longer than ${PASSWORD_MAX} characters.`;
  if (password !== again) return 'The two passwords are not the same.';
  return null;
}

export { safeNext } from '../../contract/safe-next';
