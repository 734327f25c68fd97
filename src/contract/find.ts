import * as v from 'valibot';
import { FIND_KINDS } from './find-kinds.ts';

export { FIND_KINDS, type FindKind } from './find-kinds.ts';

/**
 * `GET /api/_archive/search` (a free find over everything bought) and `/api/_archive/stats` (a handle's numbers):
 * one schema for both sides, as ./session.ts. The browser parses the answers with them
 * (src/api/archive-search.ts); the server's Fastify schemas are derived from them (server/archive-search/routes.ts).
 */

export const snippetRunSchema = v.object({ text: v.string(), hit: v.boolean() });
export const findHitSchema = v.object({
  kind: v.picklist(FIND_KINDS),
  postId: v.nullable(v.string()),
  author: v.nullable(v.string()),
  shownAuthor: v.nullable(v.string()),
  createdAt: v.string(),
  media: v.boolean(),
  snippet: v.array(snippetRunSchema),
  item: v.unknown(),
  from: v.object({
    purchaseId: v.string(),
    boughtAt: v.string(),
    pageKey: v.string(),
    operation: v.string(),
    subject: v.string(),
    /** Who bought it (#28), when a person is known. */
    person: v.optional(v.nullable(v.string()), null),
  }),
});
// indexing: pages bought but not yet searchable, which the answer is without (a find never waits for them).
export const findPageSchema = v.object({
  credits: v.literal('0'),
  indexing: v.optional(v.number(), 0),
  total: v.nullable(v.number()),
  // The count stops at 1,000 (server/archive-search/query.ts TOTAL_COUNTED): true when more than `total` match.
  moreThanTotal: v.optional(v.boolean(), false),
  next: v.nullable(v.string()),
  hits: v.array(findHitSchema),
});

const counted = v.array(v.object({ value: v.string(), count: v.number() }));
export const handleStatsSchema = v.object({
  credits: v.literal('0'),
  handle: v.string(),
  totals: v.object({
    posts: v.number(),
    original: v.number(),
    reposts: v.number(),
    quotes: v.number(),
    replies: v.number(),
    withMedia: v.number(),
    pages: v.number(),
    purchases: v.number(),
  }),
  mediaShare: v.number(),
  perDay: v.array(v.object({ day: v.string(), count: v.number() })),
  hashtags: counted,
  mentions: counted,
  domains: counted,
  first: v.nullable(v.string()),
  last: v.nullable(v.string()),
});
