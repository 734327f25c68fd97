import * as v from 'valibot';
import { SEARCH_DEFAULT_NUM } from '../../contract/identity';
import { MAX_RESULTS } from '../../contract/limits';
import { HL, normaliseSite, parseWhole } from '../../contract/paid-rules';

/**
 * The search page's address schema on its own: the route definition, which every page loads first, needs
 * it to validate the address, and nothing else of the search page (src/features/search/params.ts).
 */

/** The upstream's default page size when `num` is not sent, and the most a page may ask for: the contract's. */
export const DEFAULT_NUM = SEARCH_DEFAULT_NUM;
export const MAX_NUM = MAX_RESULTS;
export { normaliseSite, parseWhole };

/** `en`, `pt-BR`, `zh-CN`: a language code the API's `hl` can take. */
export function isValidHl(value: string): boolean {
  return HL.test(value);
}

// The router parses `?q=123` into a number and `?q=true` into a boolean; a query is text either way.
const text = v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String));
const whole = (min: number, max: number) =>
  v.pipe(v.unknown(), v.transform(parseWhole), v.number(), v.minValue(min), v.maxValue(max));

/** Route search schema: every bad value falls back to "not set" instead of an error screen. */
export const searchRouteSchema = v.object({
  q: v.fallback(v.optional(v.pipe(text, v.trim())), undefined),
  num: v.fallback(v.optional(whole(1, MAX_NUM)), undefined),
  page: v.fallback(v.optional(whole(1, 10_000)), undefined),
  site: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const host = normaliseSite(dataset.value);
          if (host === null) {
            addIssue({ message: 'not a host name' });
            return NEVER;
          }
          return host;
        }),
      ),
    ),
    undefined,
  ),
  hl: v.fallback(v.optional(v.pipe(v.string(), v.regex(HL))), undefined),
});

export type SearchRouteParams = v.InferOutput<typeof searchRouteSchema>;
