import * as v from 'valibot';
import { MAX_LOOKUP_KEYS } from './limits.ts';

export { MAX_LOOKUP_KEYS };

/**
 * `GET /api/_history/lookup` (which pages the archive would serve free now): one schema for both sides, as
 * ./session.ts. A module of its own: every priced control asks it (src/api/archive-lookup.ts), so it stays out of
 * the history page's shapes (./history.ts). The server's route: server/proxy/history-lookup.ts.
 */

const pageKey = v.pipe(v.string(), v.maxLength(2000));

/** `?key=<purchase key>&key=…`: 1 to MAX_LOOKUP_KEYS keys. */
export const lookupQuerySchema = v.object({
  key: v.union([pageKey, v.pipe(v.array(pageKey), v.minLength(1), v.maxLength(MAX_LOOKUP_KEYS))]),
});
export type LookupQuery = v.InferOutput<typeof lookupQuerySchema>;

/**
 * Each key asked: when the copy the archive would serve free was bought and until when it stays free (null: for as
 * long as it is kept), or null (it would be bought).
 */
export const lookupAnswerSchema = v.object({
  pages: v.record(
    v.string(),
    v.nullable(v.object({ boughtAt: v.string(), freeUntil: v.optional(v.nullable(v.string()), null) })),
  ),
});
export type LookupAnswer = v.InferOutput<typeof lookupAnswerSchema>;
