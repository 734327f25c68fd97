import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { forgetNewerPage, timelineQueryOptions, type TimelineTarget } from '../../../api/timeline';
import { uniquePosts } from '../filters';

/**
 * The infinite timeline query plus what the page derives from it. Next and previous pages are asked
 * for with `cancelRefetch: false`, so a sentinel and a button racing each other share one request.
 */
export function useTimeline(target: TimelineTarget) {
  const query = useInfiniteQuery(timelineQueryOptions(target));
  const pages = useMemo(() => query.data?.pages ?? [], [query.data]);
  const posts = useMemo(() => uniquePosts(pages), [pages]);
  const user = pages.find((page) => page.user)?.user ?? null;
  const { fetchNextPage, fetchPreviousPage, data } = query;
  const loadNext = useCallback(() => { void fetchNextPage({ cancelRefetch: false }); }, [fetchNextPage]);
  // Show newer is an explicit re-buy; Load more and the sentinel take the server's archived copy when it has one.
  const loadNewer = useCallback(() => {
    forgetNewerPage(target, data);
    void fetchPreviousPage({ cancelRefetch: false });
  }, [fetchPreviousPage, data, target]);
  const pinnedIds = useMemo(() => new Set(user?.pinnedIds ?? []), [user]);
  const suspended = user?.status === 'suspended' || pages.some((page) => page.status === 'suspended');
  return { query, pages, posts, user, pinnedIds, suspended, loadNext, loadNewer };
}
