import type { ReactNode } from 'react';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../api/errors';
import type { TimelineTarget } from '../../../api/timeline';
import { CostHint } from '../../../components/CostHint';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { applyFilters, filtersActive, NO_FILTERS } from '../filters';
import { targetKey } from '../params';
import { useAutoLoad } from '../hooks/use-auto-load';
import { useSentinel } from '../hooks/use-sentinel';
import { useTimeline } from '../hooks/use-timeline';
import { FindInLoadedProvider } from './FindInLoadedProvider';
import { FreeTools } from './FreeTools';
import { LightboxHost } from './LightboxHost';
import { NewerButton, PagingFooter } from './PagingFooter';
import { ProfileHeader } from './ProfileHeader';
import { TimelineSkeleton } from './Skeletons';
import { SpendLine } from './SpendLine';
import { EmptyState, NotFoundState, ProtectedState, StateCard, SuspendedState } from './TimelineStates';
import { VirtualPostList } from './VirtualPostList';

/** A user's timeline: header, free tools, two-way paging over the cached infinite query. */
/** `inspect` renders the route's request-inspector trigger for a call id (features do not import each other). */
export function TimelineView({ target, inspect }: { target: TimelineTarget; inspect?: (callId: string) => ReactNode }) {
  const { query, pages, posts, user, pinnedIds, suspended, loadNext, loadNewer } = useTimeline(target);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [autoLoad, setAutoLoad] = useAutoLoad();
  const findRef = useRef<HTMLInputElement>(null);
  // A hashtag click filters instead of buying a search. The list shrinks to the matches, so the find box
  // (with its count and the priced web-search offer) is brought into view and takes focus.
  const findInLoaded = useCallback((text: string) => {
    setFilters((current) => ({ ...current, find: text }));
    requestAnimationFrame(() => {
      findRef.current?.scrollIntoView({ block: 'center' });
      findRef.current?.focus({ preventScroll: true });
    });
  }, []);
  const filtering = filtersActive(filters);
  const shown = filtering ? applyFilters(posts, filters) : posts;
  const nextError = query.isFetchNextPageError ? query.error : null;
  const sentinel = useSentinel<HTMLDivElement>(
    autoLoad && !filtering && query.hasNextPage && !query.isFetchingNextPage && nextError === null, loadNext, pages.length);

  const asked = 'screenName' in target ? target.screenName : target.restId;
  if (query.isPending) return <TimelineSkeleton />;
  if (query.isError && pages.length === 0) {
    if (query.error instanceof ApiError && query.error.kind === 'not_found') return <NotFoundState handle={'screenName' in target ? `@${asked}` : `id ${asked}`} error={query.error} />;
    return <div className="p-4"><ErrorPanel error={query.error} onRetry={() => void query.refetch()} retryCost={<CostHint operation="timeline" />} /></div>;
  }

  const handle = user?.handle ?? asked;
  const header = user ? <ProfileHeader user={user} fallbackHandle={'screenName' in target ? asked : null} /> : (
    <h1 className="px-4 pt-4 text-xl font-extrabold text-slate-900 dark:text-white">@{handle}</h1>
  );
  if (suspended) return <>{header}<SuspendedState handle={handle} /></>;
  if (posts.length === 0 && !query.hasNextPage) return <>{header}{user?.protected ? <ProtectedState handle={handle} /> : <EmptyState handle={handle} />}</>;

  const previousError = query.isFetchPreviousPageError ? query.error : null;
  return (
    <FindInLoadedProvider find={findInLoaded}>
      <LightboxHost>
        {header}
        <SpendLine pages={pages} posts={posts.length}
          inspector={inspect && pages.at(-1)?.callId ? inspect(pages.at(-1)!.callId!) : null} />
        <FreeTools filters={filters} onChange={setFilters} loaded={posts} shown={shown.length} who={handle}
          autoLoad={autoLoad} onAutoLoad={setAutoLoad} findRef={findRef} />
        {(query.hasPreviousPage || previousError !== null) && (
          <NewerButton fetching={query.isFetchingPreviousPage} error={previousError} onLoad={loadNewer} />
        )}
        {filtering && shown.length === 0 && (
          <StateCard testId="state-no-match" title="No loaded post matches">Clear a filter, or load more posts to search further.</StateCard>
        )}
        <VirtualPostList posts={shown} pinnedIds={pinnedIds} listKey={targetKey(target)} after={<>
          <div ref={sentinel} aria-hidden="true" />
          <PagingFooter hasNext={query.hasNextPage} fetching={query.isFetchingNextPage} error={nextError} onLoad={loadNext}
            note={filtering ? 'Auto-loading pauses while a filter is on: only Load more buys pages.' : autoLoad ? undefined : 'Auto-loading is off.'} />
        </>} />
      </LightboxHost>
    </FindInLoadedProvider>
  );
}
