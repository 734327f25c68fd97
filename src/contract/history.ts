import * as v from 'valibot';
import { PAID_OPERATIONS } from './operations.ts';

/**
 * `GET /api/_history` (what this store has bought): one schema for both sides, as ./session.ts. The browser parses
 * the answers with them (src/api/history.ts); the server's Fastify schemas are derived from them
 * (server/proxy/history-routes.ts). The price look-up's shapes are ./lookup.ts: the priced controls of every page
 * read them, the history page alone these.
 */

const operation = v.picklist(PAID_OPERATIONS);

export const historySubjectSchema = v.object({
  operation,
  subject: v.string(),
  pages: v.number(),
  lastBoughtAt: v.string(),
});

export const historyEntrySchema = v.object({
  pageKey: v.string(),
  operation,
  subject: v.string(),
  params: v.record(v.string(), v.unknown()),
  boughtAt: v.string(),
  credits: v.string(),
  purchaseId: v.string(),
  /** A timeline page's oldest and newest post: which stretch of the timeline it is. */
  posts: v.optional(v.nullable(v.object({ oldest: v.string(), newest: v.string() })), null),
  /** Who bought it (#28), when a person is known; null where nobody signs in. */
  person: v.optional(v.nullable(v.string()), null),
});

/** A page of the history, newest first: `subjects` on the first page only, `next` the cursor of the one after. */
export const historyPageSchema = v.object({
  subjects: v.nullable(v.array(historySubjectSchema)),
  entries: v.array(historyEntrySchema),
  next: v.nullable(v.string()),
});
