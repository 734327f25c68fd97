import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../client';
import { archiveLookupOptions } from '../archive-lookup';
import { HEADER } from '../../contract/headers';
import { purchaseKey } from '../../contract/identity';
import { asOfTime } from '../../features/timeline/pinned';
import { resolveTarget, timelineKeys } from '../keys';
import {
  fetchTimelinePage,
  prevCursorOf,
  timelinePageOf,
  timelinePath,
  type TimelineData,
  type TimelineTarget,
} from '../timeline';
import type { TimelinePage } from '../../contract/upstream/types';

export interface CheckResult {
  /** Posts in the bought page that were not loaded before. */
  added: number;
  /** Every post of a re-bought first page is new: there may be more between it and what was loaded. */
  gap: boolean;
}

/**
 * The bought page goes in front of everything loaded, which all stays (cursors already followed are still
 * valid for the pages they bought). `cursor` is the `prev_cursor` it was bought with, or null for a re-bought
 * first page: the newest of those is the one the view reads its profile and pinned post from. Posts the
 * page shares with older pages are shown once. A page bought with `prev_cursor` joins the page below it,
 * so only a re-bought first page can leave a gap.
 */
export function mergeCheckedPage(
  data: TimelineData | undefined,
  fresh: TimelinePage,
  cursor: string | null = null,
): { data: TimelineData } & CheckResult {
  if (!data || data.pages.length === 0)
    return { data: { pages: [fresh], pageParams: [cursor] }, added: fresh.posts.length, gap: false };
  const loaded = new Set(data.pages.flatMap((page) => page.posts.map((post) => post.id)));
  const added = fresh.posts.filter((post) => !loaded.has(post.id)).length;
  return {
    data: { pages: [fresh, ...data.pages], pageParams: [cursor, ...data.pageParams] },
    added,
    gap: cursor === null && added > 0 && added === fresh.posts.length && loaded.size > 0,
  };
}

/**
 * One priced ask for what is new: the page above the newest loaded one when it gives a `prev_cursor` not
 * yet followed, else the first page bought again. Either is an explicit re-buy (neither the early fetch nor
 * the server's archive stands in), merged in front of what is loaded, whether or not the view is still there.
 */
export async function checkForNewPosts(queryClient: QueryClient, asked: TimelineTarget): Promise<CheckResult> {
  const target = resolveTarget(asked);
  const key = timelineKeys.user(target);
  const loaded = queryClient.getQueryData<TimelineData>(key);
  const newest = loaded?.pages[0];
  const cursor = (newest && prevCursorOf(newest, loaded.pageParams)) ?? null;
  const fresh = await fetchTimelinePage(target, cursor, { rebuy: true });
  let result: CheckResult = { added: 0, gap: false };
  queryClient.setQueryData<TimelineData>(key, (data) => {
    const merged = mergeCheckedPage(data, fresh, cursor);
    result = { added: merged.added, gap: merged.gap };
    return merged.data;
  });
  return result;
}

/** Asks for the archive's copy only: the proxy serves it free or answers 404 with nothing bought, never buys. */
const ARCHIVED_ONLY_HEADER = { [HEADER.archivedOnly]: '1' } as const;

/**
 * This browser shows its own copy of a timeline's first page (restored from IndexedDB, or kept in memory from
 * earlier), and the server's archive may hold a newer one that someone else (a watch's run, a job, another
 * browser) bought: that page, free, goes in front of what is loaded, as Check for new posts puts a re-bought first
 * page (posts shown once, nothing loaded is dropped). The look-up and the fetch are both free; the fetch asks for the
 * archive's copy only, so if that copy aged out between the two, nothing is bought and the browser's copy stays.
 * True when a newer page was put in front.
 */
export async function adoptNewerArchivedFirstPage(queryClient: QueryClient, asked: TimelineTarget): Promise<boolean> {
  const target = resolveTarget(asked);
  const key = timelineKeys.user(target);
  const loaded = queryClient.getQueryData<TimelineData>(key);
  const shownAsOf = loaded ? asOfTime(loaded.pages, loaded.pageParams) : null;
  if (shownAsOf === null) return false;
  const who = 'screenName' in target ? { screen_name: target.screenName } : { rest_id: target.restId };
  // Asked afresh: a look-up answered before the other purchase would say nothing newer is there.
  const copy = await queryClient.fetchQuery({ ...archiveLookupOptions(purchaseKey('timeline', who)), staleTime: 0 });
  if (!copy || copy.boughtAt <= shownAsOf) return false;
  let newer;
  try {
    const answer = await apiFetch(timelinePath(target, null), { headers: ARCHIVED_ONLY_HEADER });
    if (!answer.fromArchive) return false;
    newer = timelinePageOf({ ...answer, origin: 'archive' });
  } catch {
    // Aged out since the look-up (404, nothing bought), or any failure: the browser's own copy stays as it is.
    return false;
  }
  let adopted = false;
  queryClient.setQueryData<TimelineData>(key, (data) => {
    // The same purchase already loaded (the browser's clock behind the server's): nothing newer after all.
    if (!data || data.pages.some((page) => page.callId !== null && page.callId === newer.callId)) return data;
    adopted = true;
    return mergeCheckedPage(data, newer, null).data;
  });
  return adopted;
}
