import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { timelineQueryOptions, type TimelineTarget } from '../../../api/timeline';
import type { TimelinePage } from '../../../contract/upstream/types';
import { uniquePosts } from '../filters';
import { asOfTime, latestFirstPage, withPinnedFirst } from '../pinned';

/**
 * The infinite timeline query plus what the page derives from it. Next pages are asked for with
 * `cancelRefetch: false`, so a sentinel and a button racing each other share one request.
 */
export function useTimeline(target: TimelineTarget) {
  const query = useInfiniteQuery(timelineQueryOptions(target));
  const pages = useMemo(() => query.data?.pages ?? [], [query.data]);
  const firstPage = useMemo(() => latestFirstPage(pages, query.data?.pageParams ?? []), [pages, query.data]);
  const asOf = useMemo(() => asOfTime(pages, query.data?.pageParams ?? []), [pages, query.data]);
  const { posts, pinnedId } = useMemo(() => withPinnedFirst(uniquePosts(pages), firstPage), [pages, firstPage]);
  const user = firstPage?.user ?? pages.find((page) => page.user)?.user ?? null;
  const { fetchNextPage } = query;
  const loadNext = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);
  // The sentinel's purchase: the page it brought, if one came (none on an error), so auto-load can count it.
  const loadNextArrived = useCallback(async (): Promise<TimelinePage[]> => {
    const result = await fetchNextPage({ cancelRefetch: false });
    const last = result.data?.pages.at(-1);
    return last && !pages.includes(last) ? [last] : [];
  }, [fetchNextPage, pages]);
  // The server has just served its archive's newest copy (or bought one): nothing newer to look for.
  const servedNow = firstPage?.origin === 'archive' || firstPage?.origin === 'server-rendered';
  useNewerArchivedFirstPage(target, servedNow ? null : asOf);
  const suspended = user?.status === 'suspended' || pages.some((page) => page.status === 'suspended');
  return { query, pages, firstPage, posts, user, pinnedId, suspended, loadNext, loadNextArrived, asOf };
}

/**
 * Once per view, when it shows pages bought before it mounted (this browser's own copy: restored from IndexedDB or
 * kept in memory), the archive is asked whether it holds a newer first page (a watch's run, a job or another browser
 * bought one), and that page is put in front, free. Its code loads only then.
 */
function useNewerArchivedFirstPage(target: TimelineTarget, asOf: number | null) {
  const queryClient = useQueryClient();
  // When the view first ran its effects; -Infinity once the archive was asked (once per view).
  const since = useRef(0);
  useEffect(() => {
    since.current ||= Date.now();
    if (asOf === null || asOf >= since.current) return;
    since.current = -Infinity;
    import('../../../api/purchase/check-new-posts')
      .then((newer) => newer.adoptNewerArchivedFirstPage(queryClient, target))
      .catch(() => {
        /* the browser's own copy stays: nothing was bought */
      });
  }, [asOf, queryClient, target]);
}
