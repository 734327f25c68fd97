import * as v from 'valibot';
import { MAX_RESULTS } from '../../contract/limits';

/**
 * The search page's address schema on its own: the route definition, which every page loads first, needs
 * it to validate the address, and nothing else of the search page (src/features/search/params.ts).
 */

/** The upstream's default page size when `num` is not sent (the stand-in's; the spec does not say). */
export const DEFAULT_NUM = 10;
export const MAX_NUM = MAX_RESULTS;

const HL = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** `en`, `pt-BR`, `zh-CN`: a language code the API's `hl` can take. */
export function isValidHl(value: string): boolean {
  return HL.test(value);
}

/**
 * `https://www.Example.org/docs?x=1`, `www.example.org/a`, `example.org` → `example.org`: the bare host
 * the API's `site` expects. Null when there is no plausible host name in the input.
 */
export function normaliseSite(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  let host: string;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label))) return null;
  return host;
}

/** Whole numbers only: `"20"` and `20` pass, `"2.5"`, `"20px"` and `""` do not. */
export function parseWhole(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return null;
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
