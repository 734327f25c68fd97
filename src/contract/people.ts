import * as v from 'valibot';
import { personSchema } from './auth.ts';
import { decimal } from './decimal.ts';

/**
 * A person's own keys (`/api/_auth/keys`), the admins' list of people (`/api/_auth/people`), what admins do to
 * people and the audit log (#28, #34.4): one schema for both sides, as ./auth.ts. The browser parses the answers
 * with them (src/api/auth/people.ts, people-admin.ts); the server's Fastify schemas are derived from them
 * (server/identity/key-routes.ts, routes.ts, people-routes.ts).
 */

/**
 * A key as it is listed: never its secret nor its hash. The server writes it closed, these three fields and
 * nothing else a key row may hold (server/identity/key-routes.ts); the browser reads it as any answer.
 */
export const apiKeySchema = v.object({ id: v.string(), label: v.string(), createdAt: v.string() });
export const apiKeysSchema = v.object({ keys: v.array(apiKeySchema) });
/** `POST /api/_auth/keys`: the new key, answered this once. */
export const createdKeySchema = v.object({ key: v.string(), label: v.string(), usage: v.string() });

export type ApiKey = v.InferOutput<typeof apiKeySchema>;
export type CreatedKey = v.InferOutput<typeof createdKeySchema>;

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
