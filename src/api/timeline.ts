import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError } from './errors';
import { timelineRequestPath } from '../contract/identity';
import { CURSOR } from '../contract/paid-rules';
import { resolveTarget, timelineKeys, type TimelineTarget } from './keys';
import { indexBoughtPage } from './purchase/first-page-index';
import { buy, type PaidAnswer, type Purchase } from './purchase/purchaser';
import { timelineEnvelope, toTimelinePage } from '../contract/upstream/timeline-envelope';
import type { TimelinePage } from '../contract/upstream/types';
import { CACHE_MAX_AGE_MS } from '../app/cache-age';
import { nextTask } from '../lib/next-task';

export type { TimelineTarget };

function purchaseOf(target: TimelineTarget, cursor: string | null): Purchase {
  const who = 'screenName' in target ? { screen_name: target.screenName } : { rest_id: target.restId };
  return { operation: 'timeline', params: cursor ? { ...who, cursor } : who };
}

export function timelinePath(target: TimelineTarget, cursor: string | null): string {
  return timelineRequestPath(purchaseOf(target, cursor).params);
}

/** A purchaser's answer as a timeline page: the query function's, and a server-rendered page's loader's. */
export function timelinePageOf({ json, callId, credits, boughtAt, origin }: PaidAnswer): TimelinePage {
  const parsed = v.safeParse(timelineEnvelope, json);
  if (!parsed.success) {
    throw new ApiError(
      'invalid_response',
      `The timeline response has no readable posts list (${v.summarize(parsed.issues).split('\n')[0]})`,
    );
  }
  return {
    ...toTimelinePage(parsed.output.data),
    credits,
    callId,
    boughtAt: boughtAt ?? Date.now(),
    origin,
  };
}

/** A timeline page through the purchaser; `rebuy` for a priced control's explicit re-buy. */
export async function fetchTimelinePage(
  target: TimelineTarget,
  cursor: string | null,
  { rebuy = false } = {},
): Promise<TimelinePage> {
  const answer = await buy(purchaseOf(target, cursor), { rebuy });
  // The answer arrived in a task that also read its JSON; the schemas read it in the next one, so neither
  // task grows long enough to stall scrolling.
  await nextTask();
  const page = timelinePageOf(answer);
  const user = page.user?.id && page.user.handle ? { id: page.user.id, handle: page.user.handle } : null;
  indexBoughtPage({ firstPath: cursor ? null : timelinePath(target, null), user }, Date.now(), CACHE_MAX_AGE_MS);
  return page;
}

/**
 * A cursor is followed at most once, and only one the proxy would send (a NUL or a line break in it would also reach
 * the rendered page's data changed by the HTML parser): else, as with an empty page, the timeline ends there.
 */
const followable = (cursor: string | null, usedCursors: readonly unknown[]) =>
  cursor && CURSOR.test(cursor) && !usedCursors.includes(cursor) ? cursor : undefined;

export function nextCursorOf(lastPage: TimelinePage, usedCursors: readonly unknown[]): string | undefined {
  return lastPage.posts.length ? followable(lastPage.nextCursor, usedCursors) : undefined;
}

/** The cursor "Load more" would follow for these pages (the query's own rule), or null at the end. */
export function nextCursorOfData(data: InfiniteData<TimelinePage, unknown> | undefined): string | null {
  const last = data?.pages[data.pages.length - 1];
  return last ? (nextCursorOf(last, data.pageParams) ?? null) : null;
}

/** The `prev_cursor` above the newest loaded page, unless already followed. */
export function prevCursorOf(firstPage: TimelinePage, usedCursors: readonly unknown[]): string | undefined {
  return followable(firstPage.prevCursor, usedCursors);
}

/**
 * Route loaders and components share this factory. The query function asks the purchaser and never
 * reads the abort signal: a query whose observer goes (unmount, StrictMode) leaves its request running,
 * and its answer still lands in the cache. It only pages forward: what is newer is asked for by the priced
 * "Check for new posts" (purchase/check-new-posts), which follows `prev_cursor` itself.
 */
export function timelineQueryOptions(asked: TimelineTarget) {
  const target = resolveTarget(asked);
  return infiniteQueryOptions({
    queryKey: timelineKeys.user(target),
    queryFn: ({ pageParam }) => fetchTimelinePage(target, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage, _pages, _lastParam, allParams) => nextCursorOf(lastPage, allParams),
  });
}

export type TimelineData = InfiniteData<TimelinePage, string | null>;
