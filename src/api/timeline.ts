import { infiniteQueryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { timelineKeys, type TimelineTarget } from './keys';
import { timelineEnvelope, toTimelinePage } from './schemas/envelope';
import type { TimelinePage } from './types';
import { CACHE_MAX_AGE_MS } from '../cache-age';

export type { TimelineTarget };

/** Which first pages are bought and persisted, readable synchronously by the early fetch in index.html. */
const BOUGHT_FIRST_PAGES = 'creditscope-bought-first-pages';

export function timelinePath(target: TimelineTarget, cursor: string | null): string {
  const params = new URLSearchParams('screenName' in target ? { screen_name: target.screenName } : { rest_id: target.restId });
  if (cursor) params.set('cursor', cursor);
  return `/api/v1/social/microblog/posts?${params}`;
}

function rememberFirstPageBought(path: string) {
  try {
    const bought = JSON.parse(localStorage.getItem(BOUGHT_FIRST_PAGES) ?? '{}') as Record<string, number>;
    const fresh = Object.fromEntries(Object.entries(bought).filter(([, at]) => Date.now() - at < CACHE_MAX_AGE_MS).slice(-200));
    localStorage.setItem(BOUGHT_FIRST_PAGES, JSON.stringify({ ...fresh, [path]: Date.now() }));
  } catch {
    // Storage full or blocked: the early fetch then simply never runs.
  }
}

export async function fetchTimelinePage(target: TimelineTarget, cursor: string | null, signal?: AbortSignal): Promise<TimelinePage> {
  const path = timelinePath(target, cursor);
  const { json, callId, credits } = await apiFetch(path, { signal });
  const parsed = v.safeParse(timelineEnvelope, json);
  if (!parsed.success) {
    throw new ApiError('invalid_response', `The timeline response has no readable posts list (${v.summarize(parsed.issues).split('\n')[0]})`);
  }
  if (!cursor) rememberFirstPageBought(path);
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
