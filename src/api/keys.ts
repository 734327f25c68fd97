import { handleOfId } from './purchase/first-page-index';
import { canonicalSearch } from '../contract/identity';

/**
 * One layered key factory per resource, shared by the query options and any invalidation. Keys hold
 * the canonical identity (src/contract/identity.ts), so two spellings of one page are one cache entry.
 */
export type TimelineTarget = { screenName: string } | { restId: string };

/** A user asked for by id is the same page as by handle once a bought answer has told us both. */
export function resolveTarget(target: TimelineTarget): TimelineTarget {
  if ('screenName' in target) return { screenName: target.screenName.toLowerCase() };
  const handle = handleOfId(target.restId);
  return handle ? { screenName: handle } : target;
}

export const timelineKeys = {
  all: ['timeline'] as const,
  user: (target: TimelineTarget) =>
    [
      ...timelineKeys.all,
      'screenName' in target ? { screenName: target.screenName.toLowerCase() } : { restId: target.restId },
    ] as const,
};

export interface SearchParams {
  q: string;
  num?: number;
  page?: number;
  site?: string;
  hl?: string;
}

export const searchKeys = {
  all: ['search'] as const,
  query: (params: SearchParams) => [...searchKeys.all, canonicalSearch({ ...params })] as const,
};

export const sessionKeys = {
  all: ['session'] as const,
  state: () => [...sessionKeys.all, 'state'] as const,
  call: (id: string) => [...sessionKeys.all, 'call', id] as const,
};

/** Whether any job may be buying now: the header loads the jobs' own code only then (JobMeterSlot). */
export const jobsLiveKey = ['jobs', 'live'] as const;
