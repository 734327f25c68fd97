import { infiniteQueryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { timelineKeys, type TimelineTarget } from './keys';
import { timelineEnvelope, toTimelinePage } from './schemas/envelope';
import type { TimelinePage } from './types';

export type { TimelineTarget };

export async function fetchTimelinePage(target: TimelineTarget, cursor: string | null, signal?: AbortSignal): Promise<TimelinePage> {
  const params = new URLSearchParams('screenName' in target ? { screen_name: target.screenName } : { rest_id: target.restId });
  if (cursor) params.set('cursor', cursor);
  const { json, callId, credits } = await apiFetch(`/api/v1/social/microblog/posts?${params}`, { signal });
  const parsed = v.safeParse(timelineEnvelope, json);
  if (!parsed.success) {
    throw new ApiError('invalid_response', `The timeline response has no readable posts list (${v.summarize(parsed.issues).split('\n')[0]})`);
  }
  return { ...toTimelinePage(parsed.output.data), credits, callId, boughtAt: Date.now() };
}

/** A cursor is followed at most once: an empty page, a missing cursor or one already used ends the timeline. */
export function nextCursorOf(lastPage: TimelinePage, usedCursors: readonly (string | null)[]): string | undefined {
  if (lastPage.posts.length === 0 || !lastPage.nextCursor) return undefined;
  return usedCursors.includes(lastPage.nextCursor) ? undefined : lastPage.nextCursor;
}

export function prevCursorOf(firstPage: TimelinePage, usedCursors: readonly (string | null)[]): string | undefined {
  if (!firstPage.prevCursor || usedCursors.includes(firstPage.prevCursor)) return undefined;
  return firstPage.prevCursor;
}

export function timelineQueryOptions(target: TimelineTarget) {
  return infiniteQueryOptions({
    queryKey: timelineKeys.user(target),
    queryFn: ({ pageParam, signal }) => fetchTimelinePage(target, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage, _pages, _lastParam, allParams) => nextCursorOf(lastPage, allParams),
    getPreviousPageParam: (firstPage, _pages, _firstParam, allParams) => prevCursorOf(firstPage, allParams),
  });
}
