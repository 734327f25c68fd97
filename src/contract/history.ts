import * as v from 'valibot';

/**
 * `GET /api/_history` (what this store has bought) and `GET /api/_history/lookup` (which pages the archive would
 * serve free now): one schema for both sides, as ./session.ts. The browser parses the answers with them
 * (src/api/history.ts, src/api/archive-lookup.ts); the server's Fastify schemas are derived from them
 * (server/proxy/history-routes.ts, history-lookup.ts).
 */

const operation = v.picklist(['timeline', 'search']);

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

/** `?operation=&subject=&before=`: each optional (an empty operation is every operation). */
export const historyQuerySchema = v.object({
  operation: v.optional(v.picklist(['timeline', 'search', ''])),
  subject: v.optional(v.pipe(v.string(), v.maxLength(500))),
  before: v.optional(v.string()),
});
export type HistoryQuery = v.InferOutput<typeof historyQuerySchema>;

/** The most purchase keys one look-up takes. */
export const MAX_LOOKUP_KEYS = 100;
const pageKey = v.pipe(v.string(), v.maxLength(2000));

/** `?key=<purchase key>&key=…`: 1 to MAX_LOOKUP_KEYS keys. */
export const lookupQuerySchema = v.object({
  key: v.union([pageKey, v.pipe(v.array(pageKey), v.minLength(1), v.maxLength(MAX_LOOKUP_KEYS))]),
});
export type LookupQuery = v.InferOutput<typeof lookupQuerySchema>;

/** Each key asked: when the copy the archive would serve free was bought, or null (it would be bought). */
export const lookupAnswerSchema = v.object({
  pages: v.record(v.string(), v.nullable(v.object({ boughtAt: v.string() }))),
});
export type LookupAnswer = v.InferOutput<typeof lookupAnswerSchema>;
