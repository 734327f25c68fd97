import { useQueryClient } from '@tanstack/react-query';
import { useCacheMutation } from '../../lib/use-cache-mutation';
import { resolveTarget, timelineKeys } from '../keys';
import { fetchTimelinePage, type TimelineData, type TimelineTarget } from '../timeline';
import type { TimelinePage } from '../types';

export interface CheckResult {
  /** Posts in the fresh first page that were not loaded before. */
  added: number;
  /** Every post of the fresh page is new: there may be more between it and what was loaded. */
  gap: boolean;
}

/**
 * The re-bought first page goes in front of everything loaded, which all stays (cursors already followed are
 * still valid for the pages they bought). The newest first page is the one the view reads its age,
 * profile and pinned post from; posts it shares with older pages are shown once.
 */
export function mergeCheckedFirstPage(
  data: TimelineData | undefined,
  fresh: TimelinePage,
): { data: TimelineData } & CheckResult {
  if (!data || data.pages.length === 0)
    return { data: { pages: [fresh], pageParams: [null] }, added: fresh.posts.length, gap: false };
  const loaded = new Set(data.pages.flatMap((page) => page.posts.map((post) => post.id)));
  const added = fresh.posts.filter((post) => !loaded.has(post.id)).length;
  return {
    data: { pages: [fresh, ...data.pages], pageParams: [null, ...data.pageParams] },
    added,
    gap: added > 0 && added === fresh.posts.length && loaded.size > 0,
  };
}

/**
 * "Check for new posts", a priced re-buy run as a TanStack mutation: the first page is bought again with
 * the re-buy header (neither the early fetch nor the server's archive stands in), and the mutation merges
 * it in front of what is loaded, whether or not the view is still there. (useCacheMutation is useMutation's
 * state without its observer, which would be a chunk of its own on the timeline page.)
 */
export function useCheckForNewPosts(asked: TimelineTarget) {
  const queryClient = useQueryClient();
  return useCacheMutation(async (_: void): Promise<CheckResult> => {
    const target = resolveTarget(asked);
    const fresh = await fetchTimelinePage(target, null, { rebuy: true });
    let result: CheckResult = { added: 0, gap: false };
    queryClient.setQueryData<TimelineData>(timelineKeys.user(target), (data) => {
      const merged = mergeCheckedFirstPage(data, fresh);
      result = { added: merged.added, gap: merged.gap };
      return merged.data;
    });
    return result;
  });
}
