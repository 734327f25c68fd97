import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useArrivalGate } from '../api/purchase/use-arrival-gate';
import { searchKeys } from '../api/keys';
import { loadServerSearch } from '../api/server-search-page';
import { useIsBought } from '../api/purchase/use-is-bought';
import { RecentSearches } from '../features/search/components/RecentSearches';
import { SearchForm } from '../features/search/components/SearchForm';
import { InspectCallButton } from '../features/credits/components/InspectCallButton';
import { SearchResults } from '../features/search/components/SearchResults';
import { handleOf, pickSearch, toApiParams } from '../features/search/params';
import { searchRouteSchema, type SearchRouteParams } from '../features/search/route-schema';
import { useIgnoredParams } from '../features/search/use-ignored-params';
import { markHydrated } from '../lib/held-clicks';
import { lazyNamed } from '../lib/lazy-named';

// Shown only to a visit another site sent, an address with a bad value, a search for @someone or before anything is
// searched: each loads when it shows.
const ArrivalGate = lazyNamed(() => import('../components/ArrivalGate'), 'ArrivalGate');
const IgnoredNote = lazyNamed(() => import('../components/IgnoredNote'), 'IgnoredNote');
const HandleHint = lazyNamed(() => import('../features/search/components/HandleHint'), 'HandleHint');
const SearchIntro = lazyNamed(() => import('../features/search/components/SearchIntro'), 'SearchIntro');

export const Route = createFileRoute('/search')({
  // Bad values fall back to "not set" (the upstream's default); the page names what it ignored.
  validateSearch: searchRouteSchema,
  // A rendered page's first page, from the server into the query cache (nothing in the browser).
  loader: ({ context }) => loadServerSearch(context),
  // In the page's own chunk: no chunk of its own to fetch beside it.
  codeSplitGroupings: [['loader', 'component']],
  component: SearchPage,
});

function SearchPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { ignored, dismiss } = useIgnoredParams(search);
  // The server renders this page: once React has hydrated it, the clicks it held are replayed.
  useEffect(markHydrated, []);
  const params = toApiParams(search);
  const handle = handleOf(params.q);

  const go = (next: SearchRouteParams, replace = false) => navigate({ search: pickSearch(next), replace });
  // Sent here by another site: nothing is bought until the person asks (a bought search still shows, free).
  const queryKey = params.q ? searchKeys.query(params) : null;
  const arrival = useArrivalGate(queryKey && JSON.stringify(queryKey), useIsBought(queryKey));

  return (
    <main className="mx-auto max-w-5xl px-3 py-4 sm:py-6">
      <h1 className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
        Web search <span className="text-sm font-normal text-slate-500 dark:text-slate-400">· POST /v1/search</span>
      </h1>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0">
          <SearchForm current={pickSearch(search)} onSearch={(next) => void go(next)} />
          {ignored.length > 0 && (
            <IgnoredNote
              title="Ignored from the address, defaults used instead:"
              className="mt-3"
              ignored={ignored}
              onDismiss={() => {
                dismiss();
                void go(search, true);
              }}
            />
          )}
          {handle && <HandleHint handle={handle} />}
          {arrival.gated ? (
            <ArrivalGate operation="search" what={`the search “${params.q}”`} onLoad={arrival.open} />
          ) : params.q ? (
            <SearchResults
              params={params}
              onPage={(page) => void go({ ...search, page: page > 1 ? page : undefined })}
              onDropSite={() => void go({ ...search, site: undefined, page: undefined })}
              inspect={(callId) => <InspectCallButton callId={callId} />}
            />
          ) : (
            <SearchIntro />
          )}
        </div>
        <aside className="min-w-0 lg:pt-0">
          <RecentSearches />
        </aside>
      </div>
    </main>
  );
}
