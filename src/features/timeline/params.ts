import type { IgnoredParam } from '../../components/IgnoredNote';
import type { TimelineTarget } from '../../api/timeline';
import { ignoredParams as ignoredBy, type AddressRules } from '../../components/ignored-params';
import { NO_FILTERS, type PostFilters } from './filters';
import { timelineSearchSchema, type Hidable, type TimelineSearch } from './route-schema';

export { timelineSearchSchema, type TimelineSearch } from './route-schema';

/** `screen_name` wins when both are given: it is what a person typed or shared. */
export function targetOf(search: TimelineSearch): TimelineTarget | null {
  if (search.screen_name) return { screenName: search.screen_name };
  if (search.rest_id) return { restId: search.rest_id };
  return null;
}

export function filtersOf(search: TimelineSearch): PostFilters {
  const hidden = new Set(search.hide?.split(',') as Hidable[] | undefined);
  return {
    hideReposts: hidden.has('reposts'),
    hideReplies: hidden.has('replies'),
    mediaOnly: search.media === 'only',
    find: search.find ?? NO_FILTERS.find,
  };
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
  path: '/timeline',
  schema: timelineSearchSchema,
  reasons: REASONS,
  page: 'timeline',
  identity: (valid) => [valid.screen_name, valid.rest_id],
  overruled: (name, valid) =>
    name === 'rest_id' && valid.screen_name ? 'screen_name is given as well and wins' : null,
};

export function ignoredParams(raw: Record<string, unknown>, valid: TimelineSearch): IgnoredParam[] {
  return ignoredBy(TIMELINE_ADDRESS, raw, valid);
}
