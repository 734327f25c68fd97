import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useRef, type ReactNode, type RefObject } from 'react';
import * as v from 'valibot';
import { historyQueryOptions, type HistoryFilter } from '../api/history';
import { ErrorPanel } from '../components/ErrorPanel';
import { Spinner } from '../components/Spinner';
import { HistoryEntries } from '../features/history/components/HistoryEntries';
import { HistoryFilters } from '../features/history/components/HistoryFilters';
import { SubjectsOverview } from '../features/history/components/SubjectsOverview';
import { PAID_OPERATIONS } from '../contract/operations';

// A bad value falls back to "no filter": a shared address never shows an error screen.
const historySearchSchema = v.object({
  operation: v.fallback(v.optional(v.picklist(PAID_OPERATIONS)), undefined),
  subject: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(500))),
    undefined,
  ),
});

export const Route = createFileRoute('/history')({
  // Loader and page in one chunk: one lazy import in every page's shell rather than two (src/routes/search.tsx).
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: historySearchSchema,
  // Reading the history is free, so the page can ask for it before it renders.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(historyQueryOptions(deps)),
  component: HistoryPage,
});

function Section({
  title,
  children,
  aside,
  ref,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  ref?: RefObject<HTMLElement | null>;
}) {
  return (
    <section
      ref={ref}
      aria-label={title}
      className="scroll-mt-32 rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-800"
    >
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function HistoryPage() {
  const filter: HistoryFilter = Route.useSearch();
  const navigate = Route.useNavigate();
  // The page stays while another filter's list is read: the overview never blinks away under a click.
  const query = useInfiniteQuery({ ...historyQueryOptions(filter), placeholderData: keepPreviousData });
  const pages = query.data?.pages ?? [];
  const subjects = pages[0]?.subjects ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const entriesRef = useRef<HTMLElement>(null);
  // A filter changes the list in place: the page keeps its scroll, and a subject picked in the overview brings the list into view.
  const setFilter = (next: HistoryFilter) =>
    void navigate({ search: { operation: next.operation, subject: next.subject }, resetScroll: false });
  const showPagesOf = (next: HistoryFilter) => {
    setFilter(next);
    entriesRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <main className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:py-6">
      <div>
        <h1 className="text-lg font-bold text-slate-900 dark:text-white">History</h1>
        <p className="mt-1 text-sm font-medium text-emerald-800 dark:text-emerald-300" data-testid="history-free">
          Everything here is free: it was bought before.
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Every page bought through this server, from any browser, is kept in its archive and opens again without
          spending. A first page or a search bought more than a day ago is no longer current; opening it buys it again,
          and its link shows the price.
        </p>
      </div>
      {query.isPending && <Spinner label="Reading the history…" />}
      {query.isError && pages.length === 0 && <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />}
      {pages.length > 0 && (
        <>
          <Section title="Bought so far">
            <SubjectsOverview subjects={subjects} onFilter={showPagesOf} />
          </Section>
          <Section
            ref={entriesRef}
            title="Pages, newest first"
            aside={<HistoryFilters filter={filter} subjects={subjects} onChange={setFilter} />}
          >
            {entries.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="history-empty">
                {filter.operation || filter.subject
                  ? 'Nothing bought matches this filter.'
                  : 'Nothing bought yet: timelines and searches appear here once bought.'}
              </p>
            ) : (
              <HistoryEntries entries={entries} />
            )}
            {query.isFetchNextPageError && (
              <div className="mt-3">
                <ErrorPanel error={query.error} onRetry={() => void query.fetchNextPage()} compact />
              </div>
            )}
            {query.hasNextPage && (
              <button
                type="button"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Load more'}{' '}
                <span className="text-xs font-normal text-emerald-700 dark:text-emerald-300">free</span>
              </button>
            )}
          </Section>
        </>
      )}
    </main>
  );
}
