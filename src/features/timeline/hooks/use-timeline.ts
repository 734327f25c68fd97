import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { timelineQueryOptions, type TimelineTarget } from '../../../api/timeline';
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
  const { fetchNextPage, fetchPreviousPage } = query;
  const loadNext = useCallback(() => { void fetchNextPage({ cancelRefetch: false }); }, [fetchNextPage]);
  const loadNewer = useCallback(() => { void fetchPreviousPage({ cancelRefetch: false }); }, [fetchPreviousPage]);
  const pinnedIds = useMemo(() => new Set(user?.pinnedIds ?? []), [user]);
  const suspended = user?.status === 'suspended' || pages.some((page) => page.status === 'suspended');
  return { query, pages, posts, user, pinnedIds, suspended, loadNext, loadNewer };
}
