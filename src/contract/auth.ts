import * as v from 'valibot';
import { decimal } from './decimal.ts';

/**
 * `/api/_auth/*` (#28): who is signed in (`me`), signing in, the welcome link and signing out: one schema for both
 * sides, as ./session.ts. The browser parses `me` with it (src/api/auth/me.ts) and sends the bodies it types; the
 * server's Fastify schemas are derived from it (server/identity/routes.ts, people-routes.ts). A body is a
 * `strictObject`: a field it does not name is refused, never dropped.
 */

export const ROLES = ['admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** A person's own limit, with what they spent in its period and when that period starts again (UTC). */
export const personLimitStandingSchema = v.object({
  credits: decimal,
  period: v.picklist(['total', 'day', 'month']),
  spent: decimal,
  resetsAt: v.nullable(v.string()),
});

export const personSchema = v.object({
  name: v.string(),
  role: v.picklist(ROLES),
  limit: v.nullable(personLimitStandingSchema),
});

/** `GET /api/_auth/me`: how this server knows people, and who this browser is. */
export const meSchema = v.object({
  mode: v.picklist(['none', 'accounts', 'header']),
  exposed: v.boolean(),
  adminExists: v.boolean(),
  person: v.nullable(personSchema),
});

export type Me = v.InferOutput<typeof meSchema>;
export type Person = v.InferOutput<typeof personSchema>;
export type PersonLimit = NonNullable<Person['limit']>;

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
