import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { rememberFirstPageBought } from './early/bought-index';
import { rememberIdHandle } from './early/known-ids';
import { ApiError } from './errors';
import { timelineRequestPath } from './identity';
import { resolveTarget, timelineKeys, type TimelineTarget } from './keys';
import { buy, forget, type Purchase } from './purchases';
import { timelineEnvelope, toTimelinePage } from './schemas/timeline-envelope';
import type { TimelinePage } from './types';
import type { PaidResponse } from './client';
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

function toPage({ json, callId, credits, boughtAt, fromArchive }: PaidResponse): TimelinePage {
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
    ...(fromArchive ? { fromArchive } : {}),
  };
}

export async function fetchTimelinePage(target: TimelineTarget, cursor: string | null): Promise<TimelinePage> {
  const answer = await buy(purchaseOf(target, cursor));
  // The answer arrived in a task that also read its JSON and wrote the purchase journal; the schemas
  // read it in the next one, so neither task grows long enough to stall scrolling.
  await nextTask();
  const page = toPage(answer);
  if (!cursor) rememberFirstPageBought(timelinePath(target, null), Date.now(), CACHE_MAX_AGE_MS);
  if (page.user?.id && page.user.handle) rememberIdHandle(page.user.id, page.user.handle);
  return page;
}

/** A cursor is followed at most once: an empty page, a missing cursor or one already used ends the timeline. */
export function nextCursorOf(lastPage: TimelinePage, usedCursors: readonly (string | null)[]): string | undefined {
  if (lastPage.posts.length === 0 || !lastPage.nextCursor) return undefined;
  return usedCursors.includes(lastPage.nextCursor) ? undefined : lastPage.nextCursor;
}

export function prevCursorOf(firstPage: TimelinePage, usedCursors: readonly unknown[]): string | undefined {
  if (!firstPage.prevCursor || usedCursors.includes(firstPage.prevCursor)) return undefined;
  return firstPage.prevCursor;
}

/**
 * Before Show newer: the page above the first one is bought fresh. A cursor page is otherwise served from
 * the server's archive forever, and "what was posted since" is exactly what an old copy cannot say.
 */
export function forgetNewerPage(asked: TimelineTarget, data: InfiniteData<TimelinePage, unknown> | undefined) {
  const first = data?.pages[0];
  const cursor = first ? prevCursorOf(first, data.pageParams) : undefined;
  if (cursor) forget(purchaseOf(resolveTarget(asked), cursor));
}

/** Before "Check for new posts": the first page is bought fresh, neither this browser's copy nor the archive standing in. */
export function forgetFirstPage(asked: TimelineTarget) {
  forget(purchaseOf(resolveTarget(asked), null));
}

/**
 * Route loaders and components share this factory. The query function asks the purchase module and
 * never reads the abort signal: a query that is cancelled (unmount, StrictMode) leaves its request
 * running, and its answer still lands in the cache.
 */
export function timelineQueryOptions(asked: TimelineTarget) {
  const target = resolveTarget(asked);
  return infiniteQueryOptions({
    queryKey: timelineKeys.user(target),
    queryFn: ({ pageParam }) => fetchTimelinePage(target, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage, _pages, _lastParam, allParams) => nextCursorOf(lastPage, allParams),
    getPreviousPageParam: (firstPage, _pages, _firstParam, allParams) => prevCursorOf(firstPage, allParams),
  });
}

export type TimelineData = InfiniteData<TimelinePage, string | null>;

/** Where a bought page goes when the query that asked for it is gone or was cancelled: never lost. */
export function landTimelinePage(
  data: TimelineData | undefined,
  cursor: string | null,
  page: TimelinePage,
): TimelineData | undefined {
  if (!data) return cursor === null ? { pages: [page], pageParams: [null] } : undefined;
  if (data.pageParams.includes(cursor)) return undefined;
  if (cursor !== null && data.pages.at(-1)?.nextCursor === cursor) {
    return { pages: [...data.pages, page], pageParams: [...data.pageParams, cursor] };
  }
  if (cursor !== null && data.pages[0]?.prevCursor === cursor) {
    return { pages: [page, ...data.pages], pageParams: [cursor, ...data.pageParams] };
  }
  return undefined;
}

/** A finished timeline purchase, placed in the cache whoever asked (see src/app/query-client.ts). */
export function landTimelinePurchase(queryClient: QueryClient, purchase: Purchase, answer: PaidResponse) {
  if (purchase.operation !== 'timeline') return;
  const { screen_name: handle, rest_id: id, cursor } = purchase.params as Record<string, string | undefined>;
  const target: TimelineTarget = handle ? { screenName: handle } : { restId: id ?? '' };
  const key = timelineKeys.user(resolveTarget(target));
  // After the asking query has had its turn: only a page it did not take is placed here.
  setTimeout(() => {
    const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
    if (query?.state.fetchStatus === 'fetching') return;
    let page: TimelinePage;
    try {
      page = toPage(answer);
    } catch {
      return;
    }
    const landed = landTimelinePage(queryClient.getQueryData<TimelineData>(key), cursor ?? null, page);
    if (landed) queryClient.setQueryData<TimelineData>(key, landed);
  }, 0);
}
