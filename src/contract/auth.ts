import * as v from 'valibot';
import { personLimitSchema, ROLES } from './person.ts';

/**
 * `GET /api/_auth/me` (#28): how this server knows people, and who this browser is: one schema for both sides, as
 * ./session.ts. The browser parses it (src/api/auth/me.ts, in every page's first load); the server's Fastify schema
 * is derived from it (server/identity/routes.ts). Signing in, the welcome link and signing out: ./sign-in.ts.
 */

export { ROLES, type Role } from './person.ts';

export const personSchema = v.object({
  name: v.string(),
  role: v.picklist(ROLES),
  limit: v.nullable(personLimitSchema),
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
