import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useRef } from 'react';
import { ApiError } from '../../../api/errors';
import { nextCursorOfData, type TimelineTarget } from '../../../api/timeline';
import { timelinePage } from '../../../api/use-price';
import type { Post, TimelinePage } from '../../../contract/upstream/types';
import { CostHint } from '../../../components/CostHint';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { applyFilters, filtersActive, type PostFilters } from '../filters';
import { pageStarts } from '../page-starts';
import { targetKey } from '../params';
import { useAutoLoad, useAutoLoadPaidPages } from '../hooks/use-auto-load';
import { useAutoLoadBudget } from '../hooks/use-auto-load-budget';
import { useFindDraft } from '../hooks/use-find-draft';
import { useSentinel } from '../hooks/use-sentinel';
import { useTimeline } from '../hooks/use-timeline';
import { lazyNamed } from '../../../lib/lazy-named';
import { CheckNewPosts } from './CheckNewPosts';
import { FindInLoadedProvider } from './FindInLoadedProvider';
import { FreeTools } from './FreeTools';
import { LightboxHost } from './LightboxHost';
import { PagingFooter } from './PagingFooter';
import { ProfileHeader } from './ProfileHeader';
import { TimelineSkeleton } from './Skeletons';
import { SpendLine } from './SpendLine';
import { StateCard } from './StateCard';
import { VirtualPostList } from './VirtualPostList';

// Shown only once auto-load has bought the paid pages the person allowed (never in a server's HTML): loaded then.
const KeepLoading = lazy(() => import('./KeepLoading').then((module) => ({ default: module.KeepLoading })));
// A timeline without posts to show (protected, suspended, not found, empty) is the rare visit: its words load then.
const states = () => import('./TimelineStates');
const NotFoundState = lazyNamed(states, 'NotFoundState');
const SuspendedState = lazyNamed(states, 'SuspendedState');
const ProtectedState = lazyNamed(states, 'ProtectedState');
const EmptyState = lazyNamed(states, 'EmptyState');

/** Changes the filters in the address: pushed (a step Back undoes) or replaced (typing in the find box). */
export type SetFilters = (patch: Partial<PostFilters>, options?: { replace?: boolean }) => Promise<unknown>;

/**
 * A user's timeline: header, free tools, two-way paging over the cached infinite query. The filters come
 * from the address (the route owns them). `inspect` renders the route's request-inspector trigger for the
 * pages on screen (features do not import each other).
 */
export function TimelineView({
  target,
  filters: asked,
  onFilters,
  inspect,
}: {
  target: TimelineTarget;
  filters: PostFilters;
  onFilters: SetFilters;
  inspect?: (pages: readonly TimelinePage[]) => ReactNode;
}) {
  const { query, pages, firstPage, posts, user, pinnedId, suspended, loadNext, loadNextArrived, asOf } =
    useTimeline(target);
  const [autoLoad, setAutoLoad] = useAutoLoad();
  const [paidPages, setPaidPages] = useAutoLoadPaidPages();
  const budget = useAutoLoadBudget(targetKey(target), paidPages, loadNextArrived);
  const findRef = useRef<HTMLInputElement>(null);
  const writeFind = useCallback((find: string) => onFilters({ find }, { replace: true }), [onFilters]);
  const { find, type, drop } = useFindDraft(asked.find, writeFind);
  const filters = { ...asked, find };
  // A hashtag click filters instead of buying a search. The list shrinks to the matches, so the find box
  // (with its count and the priced web-search offer) is brought into view and takes focus.
  const findInLoaded = useCallback(
    (text: string) => {
      drop();
      void onFilters({ find: text });
      requestAnimationFrame(() => {
        findRef.current?.scrollIntoView({ block: 'center' });
        findRef.current?.focus({ preventScroll: true });
      });
    },
    [drop, onFilters],
  );
  const filtering = filtersActive(filters);
  const { hideReposts, hideReplies, mediaOnly } = asked;
  // Kept by the filters' values: a list made anew in every render would be a new list for everything below
  // (the deferred list re-rendered in the background after each render, the reading position re-held).
  const filtered = useCallback(
    (list: readonly Post[]) => (filtering ? applyFilters(list, { hideReposts, hideReplies, mediaOnly, find }) : list),
    [filtering, hideReposts, hideReplies, mediaOnly, find],
  );
  const shown = useMemo(() => filtered(posts), [filtered, posts]);
  // A page that arrives is mounted in a render React can pause between cards: twenty cards in one go was
  // a long task mid-scroll. The sentinel waits until they are in: before that it is still in view, and
  // would buy the next page. Only arriving pages wait: a filter changed shows at once, so the list is never
  // one the tools no longer describe, replaced a moment later under a card's open menu.
  const arrived = useDeferredValue(posts);
  const listed = useMemo(() => filtered(arrived), [filtered, arrived]);
  const nextError = query.isFetchNextPageError ? query.error : null;
  const autoLoading = autoLoad && !filtering && query.hasNextPage && nextError === null;
  const sentinel = useSentinel<HTMLDivElement>(
    autoLoading && !budget.paused && arrived === posts && !query.isFetchingNextPage,
    budget.loadAuto,
    pages.length,
  );
  const pageParams = query.data?.pageParams;
  const starts = useMemo(
    () => pageStarts(pages, pageParams ?? [], listed, pinnedId),
    [pages, pageParams, listed, pinnedId],
  );

  const who = 'screenName' in target ? target.screenName : target.restId;
  if (query.isPending) return <TimelineSkeleton />;
  if (query.isError && pages.length === 0) {
    if (query.error instanceof ApiError && query.error.kind === 'not_found') {
      const handle = 'screenName' in target ? who : null;
      return <NotFoundState asked={handle ? `@${handle}` : `User id ${who}`} handle={handle} error={query.error} />;
    }
    return (
      <div className="p-4">
        <ErrorPanel
          error={query.error}
          onRetry={() => void query.refetch()}
          retryCost={<CostHint operation="timeline" />}
        />
      </div>
    );
  }

  const handle = user?.handle ?? who;
  // A suspended account gets no profile header: the platform shows none, and its name or picture here would be a fake.
  if (suspended) return <SuspendedState handle={handle} page={firstPage} />;
  const header = user ? (
    <ProfileHeader user={user} fallbackHandle={'screenName' in target ? who : null} />
  ) : (
    <h1 className="px-4 pt-4 text-xl font-extrabold text-slate-900 dark:text-white">@{handle}</h1>
  );
  if (user?.protected && posts.length === 0)
    return (
      <>
        {header}
        <ProtectedState handle={handle} page={firstPage} />
      </>
    );
  const check = asOf !== null ? <CheckNewPosts target={target} asOf={asOf} /> : null;
  if (posts.length === 0 && !query.hasNextPage)
    return (
      <>
        {header}
        {check}
        <EmptyState handle={handle} />
      </>
    );

  return (
    <FindInLoadedProvider find={findInLoaded}>
      <LightboxHost>
        {header}
        {check}
        <SpendLine pages={pages} posts={posts.length} inspector={inspect ? inspect(pages) : null} />
        <FreeTools
          filters={filters}
          onChange={(patch) => void onFilters(patch)}
          onFind={type}
          loaded={posts}
          shown={shown}
          who={handle}
          autoLoad={autoLoad}
          onAutoLoad={setAutoLoad}
          paidPages={paidPages}
          onPaidPages={setPaidPages}
          findRef={findRef}
        />
        {filtering && shown.length === 0 && (
          <StateCard testId="state-no-match" title="No loaded post matches">
            Clear a filter, or load more posts to search further.
          </StateCard>
        )}
        <VirtualPostList
          posts={listed}
          pinnedId={pinnedId}
          owner={handle}
          listKey={targetKey(target)}
          pageStarts={starts}
          after={
            <>
              {autoLoading && budget.paused ? (
                <Suspense fallback={null}>
                  <KeepLoading paid={budget.paid} onKeepLoading={budget.keepLoading} />
                </Suspense>
              ) : (
                <div ref={sentinel} aria-hidden="true" />
              )}
              <PagingFooter
                hasNext={query.hasNextPage}
                fetching={query.isFetchingNextPage}
                error={nextError}
                onLoad={loadNext}
                next={query.hasNextPage ? timelinePage(target, nextCursorOfData(query.data)) : null}
                note={
                  filtering
                    ? 'Auto-loading pauses while a filter is on: only Load more buys pages.'
                    : autoLoad
                      ? undefined
                      : 'Auto-loading is off.'
                }
              />
            </>
          }
        />
      </LightboxHost>
    </FindInLoadedProvider>
  );
}
