import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { findQueryOptions, type FindHit, type FindParams } from '../../../api/archive-search';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { HitCard } from './HitCard';
import { plural } from '../../../lib/plural';

/** Pages of hits, the next read when the list's end comes into view (or on the button, for keyboards). */
export function FindHits({ params, renderPost }: { params: FindParams; renderPost: (hit: FindHit) => ReactNode }) {
  const query = useInfiniteQuery(findQueryOptions(params));
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <Spinner label="Finding…" />;
  if (query.isError && !query.data) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  const hits = query.data.pages.flatMap((page) => page.hits);
  const total = query.data.pages[0]?.total ?? null;
  const moreThanTotal = query.data.pages[0]?.moreThanTotal ?? false;
  const indexing = query.data.pages[0]?.indexing ?? 0;
  return (
    <section aria-label="Found in bought posts">
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" data-testid="find-total" role="status">
        {total === 0
          ? 'Nothing you bought matches.'
          : `${moreThanTotal ? 'More than ' : ''}${(total ?? hits.length).toLocaleString('en')} ${total === 1 && !moreThanTotal ? 'match' : 'matches'} in what you bought`}
        {' · '}
        <span className="font-semibold text-emerald-800 dark:text-emerald-300">0 credits</span>
        {indexing > 0 && (
          <span data-testid="find-indexing">{` · ${indexing} bought ${indexing === 1 ? 'page is' : 'pages are'} still being indexed and not searched yet`}</span>
        )}
      </p>
      {(['posts', 'results'] as const).map((rows) => {
        const count = hits.filter((hit) => (rows === 'posts' ? hit.post : hit.result)).length;
        return count > 0 ? (
          <button
            key={rows}
            type="button"
            data-testid={rows === 'posts' ? 'find-export-csv' : 'find-export-results-csv'}
            onClick={() => void import('../export').then((file) => file.saveFindHits(hits, params.q ?? '', rows))}
            className="mr-2 mb-2 rounded-full border border-slate-300 px-2.5 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Export the {plural(count, rows === 'posts' ? 'post' : 'result')} loaded (CSV)
          </button>
        ) : null;
      })}
      {hits.length > 0 && (
        <ol className="rounded-xl border border-slate-200 dark:border-slate-800" data-testid="find-hits">
          {hits.map((hit, index) => (
            <HitCard key={`${hit.from.pageKey}:${hit.postId ?? index}:${index}`} hit={hit} renderPost={renderPost} />
          ))}
        </ol>
      )}
      {query.isFetchNextPageError && (
        <div className="mt-3">
          <ErrorPanel error={query.error} onRetry={() => void fetchNextPage()} compact />
        </div>
      )}
      <div ref={sentinel} />
      {hasNextPage && (
        <button
          type="button"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          data-testid="find-more"
          className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          {isFetchingNextPage ? 'Loading…' : 'More matches'}{' '}
          <span className="text-xs font-normal text-emerald-700 dark:text-emerald-300">free</span>
        </button>
      )}
    </section>
  );
}
