import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useShownOrigin } from '../../../api/purchase/origin';
import { useRebuySearch } from '../../../api/purchase/rebuy-search';
import { searchQueryOptions, type SearchParams } from '../../../api/search';
import { CostHint } from '../../../components/CostHint';
import { ErrorChargeNote } from '../../../components/ErrorChargeNote';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { PageDivider } from '../../../components/PageDivider';
import { Spinner } from '../../../components/Spinner';
import { DEFAULT_NUM } from '../params';
import { rememberSearch } from '../use-recent-searches';
import { lazyNamed } from '../../../lib/lazy-named';
import { CostLine } from './CostLine';
import { ExportResults } from './ExportResults';
import { Pager } from './Pager';
import { ResultItem } from './ResultItem';

// A search that found nothing is the rare answer: what to try instead loads when it shows.
const NoResults = lazyNamed(() => import('./NoResults'), 'NoResults');

/**
 * The results of one search (params come from the URL), what they cost, and paging. `inspect` renders the
 * route's request-inspector trigger for the call that bought this page (features do not import each other).
 */
export function SearchResults({
  params,
  onPage,
  onDropSite,
  inspect,
}: {
  params: SearchParams;
  onPage: (page: number) => void;
  onDropSite: () => void;
  inspect?: (callId: string) => ReactNode;
}) {
  // Previous results stay on screen, dimmed, while the next page is bought.
  const query = useQuery({ ...searchQueryOptions(params), placeholderData: keepPreviousData });
  const { data, isPlaceholderData } = query;
  const origin = useShownOrigin(data);
  // Refresh, and Retry after a failed Refresh, are explicit re-buys: neither this tab's copy nor the server's
  // archive stands in. Retry of a search never received may still be served free from the archive.
  const rebuy = useRebuySearch(params);
  const buyAgain = () => rebuy.mutate();
  const retry = () => {
    if (data && !isPlaceholderData) buyAgain();
    else void query.refetch();
  };

  useEffect(() => {
    if (data && !isPlaceholderData) rememberSearch({ params, credits: data.credits, at: Date.now() });
    // Keyed on the data: a search is remembered once per purchase or cache hit, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, isPlaceholderData]);

  if (query.isPending) {
    return (
      <div className="py-6" aria-busy="true">
        <Spinner label={`Searching for “${params.q}”…`} />
        <ResultSkeleton />
      </div>
    );
  }
  if (query.isError && !data) {
    return (
      <div className="py-4">
        <ErrorPanel error={query.error} onRetry={retry} retryCost={<CostHint operation="search" />} />
        <ErrorChargeNote error={query.error} />
      </div>
    );
  }
  if (!data) return null;

  const page = params.page ?? 1;
  const num = params.num ?? DEFAULT_NUM;
  const first = (page - 1) * num + 1;
  const results = data.results;

  return (
    <section aria-labelledby="results-heading" aria-busy={query.isFetching} className="mt-4">
      <CostLine
        params={params}
        data={data}
        first={first}
        origin={origin ?? data.origin}
        fetching={query.isFetching}
        placeholder={isPlaceholderData}
        onRefresh={buyAgain}
        inspector={data.callId && inspect ? inspect(data.callId) : null}
      />
      <ExportResults params={params} />
      {query.isError && (
        <div className="mt-3">
          <ErrorPanel compact error={query.error} onRetry={retry} retryCost={<CostHint operation="search" />} />
          <ErrorChargeNote error={query.error} />
        </div>
      )}
      {results.length === 0 && !isPlaceholderData ? (
        <NoResults params={params} onDropSite={onDropSite} onFirstPage={() => onPage(1)} />
      ) : (
        <>
          {/* Each page of results is its own purchase: what this one cost and when it was bought. Kept in place,
              unseen, while the previous results stand in for the next page, so the list does not jump. */}
          <PageDivider
            className={`mt-3 ${isPlaceholderData ? 'invisible' : ''}`}
            page={{
              label: `page ${page}`,
              origin: origin ?? data.origin,
              credits: data.credits,
              boughtAt: data.boughtAt,
            }}
          />
          <ol
            data-testid="search-results"
            lang={params.hl}
            className={`divide-y divide-slate-100 transition-opacity dark:divide-slate-800/70 ${isPlaceholderData ? 'opacity-50' : ''}`}
          >
            {results.map((result, index) => (
              <ResultItem key={`${index}-${result.url}`} result={result} rank={first + index} />
            ))}
          </ol>
        </>
      )}
      {(results.length > 0 || page > 1) && (
        <Pager page={page} hasNext={results.length >= num} busy={isPlaceholderData} onPage={onPage} />
      )}
    </section>
  );
}

function ResultSkeleton() {
  return (
    <div aria-hidden className="mt-4 space-y-5">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="ml-10 animate-pulse space-y-2">
          <div className="h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-3 w-1/2 rounded bg-slate-100 dark:bg-slate-800/60" />
        </div>
      ))}
    </div>
  );
}
