import * as v from 'valibot';
import { personSchema } from './auth.ts';

/**
 * `/api/_auth/sign-in`, `welcome`, `welcome/check` and `sign-out` (#28): one schema for both sides, as ./auth.ts; a
 * module of its own, out of every page's first load. The browser sends the bodies it types (src/api/auth/actions.ts)
 * and reads a link's state (welcome-check.ts); the server's Fastify schemas are derived from it
 * (server/identity/routes.ts, people-routes.ts). A body is a `strictObject`: a field it does not name is refused,
 * never dropped.
 */

/** `POST /api/_auth/sign-in`. */
export const signInBodySchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(256)),
  password: v.pipe(v.string(), v.maxLength(1024)),
});
export type SignInBody = v.InferOutput<typeof signInBodySchema>;

/** `POST /api/_auth/welcome`: the invited person's first password. */
export const welcomeBodySchema = v.strictObject({
  token: v.pipe(v.string(), v.maxLength(256)),
  password: v.pipe(v.string(), v.maxLength(4096)),
});
export type WelcomeBody = v.InferOutput<typeof welcomeBodySchema>;

/** The answer of a sign-in or a welcome: who is now signed in. */
export const signedInSchema = v.object({ person: personSchema });

/** `POST /api/_auth/sign-out`: this browser, or (`everywhere`) every browser and session of the person. */
export const signOutBodySchema = v.strictObject({ everywhere: v.optional(v.boolean()) });
export type SignOutBody = v.InferOutput<typeof signOutBodySchema>;

/** `POST /api/_auth/welcome/check`: the token in a body, never a URL (a server log keeps URLs). */
export const welcomeCheckBodySchema = v.strictObject({ token: v.pipe(v.string(), v.maxLength(256)) });
export const linkStateSchema = v.object({ state: v.picklist(['valid', 'used', 'expired']) });
export type LinkState = v.InferOutput<typeof linkStateSchema>['state'];
