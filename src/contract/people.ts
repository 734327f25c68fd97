import * as v from 'valibot';
import { personSchema } from './auth.ts';
import { limitPeriodSchema, ROLES } from './person.ts';
import { decimal } from './decimal.ts';

/**
 * A person's own keys (`/api/_auth/keys`), the admins' list of people (`/api/_auth/people`), what admins do to
 * people and the audit log (#28, #34.4): one schema for both sides, as ./auth.ts. The browser parses the answers
 * with them (src/api/auth/people.ts, people-admin.ts); the server's Fastify schemas are derived from them
 * (server/identity/key-routes.ts, routes.ts, people-routes.ts).
 */

/**
 * A key as it is listed: never its secret nor its hash. Strict: the server's serializer writes these three
 * fields and nothing else a key row may hold.
 */
export const apiKeySchema = v.strictObject({ id: v.string(), label: v.string(), createdAt: v.string() });
export const apiKeysSchema = v.strictObject({ keys: v.array(apiKeySchema) });
/** `POST /api/_auth/keys`: the new key, answered this once. */
export const createdKeySchema = v.object({ key: v.string(), label: v.string(), usage: v.string() });
export const keyLabelBodySchema = v.strictObject({
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.regex(/\S/)),
});
export const keyIdParamsSchema = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });

export type ApiKey = v.InferOutput<typeof apiKeySchema>;
export type CreatedKey = v.InferOutput<typeof createdKeySchema>;
export type KeyLabelBody = v.InferOutput<typeof keyLabelBodySchema>;

/** `GET /api/_auth/people`: each person with what an admin needs beside their name. */
export const teamPersonSchema = v.object({
  ...personSchema.entries,
  createdAt: v.string(),
  hasPassword: v.boolean(),
  /** Everything they ever bought, for people with no limit (whose `limit.spent` is in its period). */
  spentTotal: decimal,
  keys: v.number(),
});
export const peopleSchema = v.object({ people: v.array(teamPersonSchema) });
export type TeamPerson = v.InferOutput<typeof teamPersonSchema>;

/** A limit an admin gives a person, or null for none (the credits read by the server's creditLimit rule). */
const limitChoice = v.nullable(
  v.strictObject({ credits: v.pipe(v.string(), v.maxLength(40)), period: limitPeriodSchema }),
);
export type LimitChoice = v.InferOutput<typeof limitChoice>;

/** `POST /api/_auth/people`: invite a person. */
export const inviteBodySchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(256)),
  role: v.picklist(ROLES),
  limit: limitChoice,
});
export type InviteBody = v.InferOutput<typeof inviteBodySchema>;

/** `PATCH /api/_auth/people/:name`: a new role, a new limit, or both; at least one. */
export const changePersonBodySchema = v.pipe(
  v.strictObject({ role: v.optional(v.picklist(ROLES)), limit: v.optional(limitChoice) }),
  v.minEntries(1),
);
export type ChangePersonBody = v.InferOutput<typeof changePersonBodySchema>;

export const personNameParamsSchema = v.object({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });
/** What the actions on a person (reset, sign-out) take: nothing. */
export const noBodySchema = v.strictObject({});

/** `GET /api/_auth/audit?before=&limit=`: nothing else. */
export const auditQuerySchema = v.strictObject({
  before: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^(100|[1-9][0-9]?)$/))),
});
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;

export const auditEntrySchema = v.object({
  at: v.string(),
  actor: v.string(),
  action: v.string(),
  subject: v.nullable(v.string()),
  detail: v.nullable(v.string()),
});
export const auditPageSchema = v.object({ entries: v.array(auditEntrySchema), next: v.nullable(v.string()) });
export type AuditEntry = v.InferOutput<typeof auditEntrySchema>;

/** An invite's or a reset's answer: the one-time welcome link's path (the token after `#`). */
export const welcomeLinkSchema = v.object({
  name: v.string(),
  welcome: v.pipe(v.string(), v.startsWith('/welcome#token=')),
});
