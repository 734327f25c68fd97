import * as v from 'valibot';
import { MAX_LOOKUP_KEYS } from './limits.ts';

export { MAX_LOOKUP_KEYS };

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
