import type { IgnoredParam } from '../../components/IgnoredNote';
import * as v from 'valibot';
import { HANDLE, REST_ID } from '../../api/identity';
import type { TimelineTarget } from '../../api/timeline';
import { ignoredParams as ignoredBy, type AddressRules } from '../../components/ignored-params';
import { NO_FILTERS, type PostFilters } from './filters';

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
type Hidable = (typeof HIDABLE)[number];

/** `hide=reposts,replies`: the known kinds, once each, in a fixed order; nothing known is "not set". */
const hideList = v.pipe(text, v.transform((value) => {
  const asked = new Set(value.split(',').map((part) => part.trim().toLowerCase()));
  return HIDABLE.filter((kind) => asked.has(kind)).join(',');
}), v.minLength(1));

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

/** `screen_name` wins when both are given: it is what a person typed or shared. */
export function targetOf(search: TimelineSearch): TimelineTarget | null {
  if (search.screen_name) return { screenName: search.screen_name };
  if (search.rest_id) return { restId: search.rest_id };
  return null;
}

export function filtersOf(search: TimelineSearch): PostFilters {
  const hidden = new Set(search.hide?.split(',') as Hidable[] | undefined);
  return { hideReposts: hidden.has('reposts'), hideReplies: hidden.has('replies'), mediaOnly: search.media === 'only', find: search.find ?? NO_FILTERS.find };
}

/** The filter part of the address: a filter that is off is left out, not written as `=false`. */
export function filterSearch(filters: PostFilters): Pick<TimelineSearch, 'hide' | 'media' | 'find'> {
  const hide = [filters.hideReposts && 'reposts', filters.hideReplies && 'replies'].filter(Boolean).join(',');
  return { hide: hide || undefined, media: filters.mediaOnly ? 'only' : undefined, find: filters.find || undefined };
}

/** The user part of the address (what the lookup form and the post view link to). */
export function targetSearch(target: TimelineTarget): Pick<TimelineSearch, 'screen_name' | 'rest_id'> {
  return 'screenName' in target ? { screen_name: target.screenName } : { rest_id: target.restId };
}

export function targetKey(target: TimelineTarget): string {
  return 'screenName' in target ? `@${target.screenName.toLowerCase()}` : `#${target.restId}`;
}

export type { IgnoredParam } from '../../components/IgnoredNote';

const REASONS: Record<keyof TimelineSearch, string> = {
  screen_name: 'not a handle (letters, digits and _ only)',
  rest_id: 'not a numeric user id',
  hide: 'not reposts or replies (hide=reposts,replies)',
  media: 'only media=only is known',
  find: 'longer than 200 characters',
};

/** The timeline's address, for IgnoredNote: the same user is the same view, whatever the filters. */
export const TIMELINE_ADDRESS: AddressRules<TimelineSearch> = {
  path: '/timeline', schema: timelineSearchSchema, reasons: REASONS, page: 'timeline',
  identity: (valid) => [valid.screen_name, valid.rest_id],
  overruled: (name, valid) => (name === 'rest_id' && valid.screen_name ? 'screen_name is given as well and wins' : null),
};

export function ignoredParams(raw: Record<string, unknown>, valid: TimelineSearch): IgnoredParam[] {
  return ignoredBy(TIMELINE_ADDRESS, raw, valid);
}
