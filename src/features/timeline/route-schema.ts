import * as v from 'valibot';
import { HANDLE, REST_ID } from '../../contract/identity';

/**
 * The timeline's address schema on its own: the route definition, which every page loads first, needs it
 * to validate the address, and nothing else of the timeline page (src/features/timeline/params.ts).
 */

/**
 * The router JSON-parses search values, so `?rest_id=1001` arrives as a number and an id past 2^53
 * loses digits on the way. Such an id is read again, as text, from the address itself.
 */
function idText(value: string | number): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && typeof window !== 'undefined') {
    const raw = new URLSearchParams(window.location.search).get('rest_id')?.replace(/^"|"$/g, '');
    if (raw && REST_ID.test(raw)) return raw;
  }
  return String(value);
}

// A find text of digits or `true` arrives as a number or a boolean; it is text either way.
const text = v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String));
const HIDABLE = ['reposts', 'replies'] as const;
export type Hidable = (typeof HIDABLE)[number];

/** `hide=reposts,replies`: the known kinds, once each, in a fixed order; nothing known is "not set". */
const hideList = v.pipe(
  text,
  v.transform((value) => {
    const asked = new Set(value.split(',').map((part) => part.trim().toLowerCase()));
    return HIDABLE.filter((kind) => asked.has(kind)).join(',');
  }),
  v.minLength(1),
);

const handle = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.regex(HANDLE));
const restId = v.pipe(v.union([v.string(), v.number()]), v.transform(idText), v.trim(), v.regex(REST_ID));

/** Route search schema: a bad value falls back to "not set" instead of an error screen; the page says what it ignored. */
export const timelineSearchSchema = v.object({
  screen_name: v.fallback(v.optional(handle), undefined),
  rest_id: v.fallback(v.optional(restId), undefined),
  // The free filters over loaded posts live in the address too, so a filtered view can be shared and comes back.
  hide: v.fallback(v.optional(hideList), undefined),
  media: v.fallback(v.optional(v.pipe(text, v.literal('only'))), undefined),
  find: v.fallback(v.optional(v.pipe(text, v.maxLength(200))), undefined),
});

export type TimelineSearch = v.InferOutput<typeof timelineSearchSchema>;
