import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { useArrivalGate } from '../api/purchase/use-arrival-gate';
import { resolveTarget, timelineKeys } from '../api/keys';
import { loadServerTimeline } from '../api/server-timeline-page';
import { useIsBought } from '../api/purchase/use-is-bought';
import { LookupForm } from '../features/timeline/components/LookupForm';
import { InspectPagesButton } from '../features/credits/components/InspectPagesButton';
import { TimelineView, type SetFilters } from '../features/timeline/components/TimelineView';
import { useIgnoredParams } from '../features/timeline/hooks/use-ignored-params';
import { filterSearch, filtersOf, targetKey, targetOf, targetSearch } from '../features/timeline/params';
import { timelineSearchSchema } from '../features/timeline/route-schema';
import { markHydrated } from '../lib/held-clicks';
import { lazyNamed } from '../lib/lazy-named';

// Shown only to a visit another site sent, an address with a bad value or no one to look up yet: each loads when it
// shows.
const ArrivalGate = lazyNamed(() => import('../components/ArrivalGate'), 'ArrivalGate');
const IgnoredNote = lazyNamed(() => import('../components/IgnoredNote'), 'IgnoredNote');
const TimelineIntro = lazyNamed(() => import('../features/timeline/components/TimelineIntro'), 'TimelineIntro');

export const Route = createFileRoute('/timeline')({
  // A bad value falls back to "not set" (never an error screen); the page names what it ignored.
  validateSearch: timelineSearchSchema,
  // A rendered page's first page, from the server into the query cache (nothing in the browser).
  loader: ({ context }) => loadServerTimeline(context),
  // In the page's own chunk: no chunk of its own to fetch beside it.
  codeSplitGroupings: [['loader', 'component']],
  component: TimelinePage,
});

function TimelinePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { ignored, dismiss } = useIgnoredParams(search);
  // The server renders this page: once React has hydrated it, the clicks it held are replayed.
  useEffect(markHydrated, []);
  const target = targetOf(search);
  const current = search.screen_name ?? search.rest_id ?? '';
  // Sent here by another site: nothing is bought until the person asks (a bought page still shows, free).
  const bought = useIsBought(target ? timelineKeys.user(resolveTarget(target)) : null);
  const arrival = useArrivalGate(target ? targetKey(target) : null, bought);
  // Filters change the view, not the purchase: the scroll stays where it is.
  const setFilters = useCallback<SetFilters>(
    (patch, options) =>
      navigate({
        search: (previous) => ({ ...previous, ...filterSearch({ ...filtersOf(previous), ...patch }) }),
        replace: options?.replace ?? false,
        resetScroll: false,
      }),
    [navigate],
  );

  return (
    <main className="mx-auto min-h-screen max-w-timeline border-slate-200 pb-16 sm:border-x dark:border-slate-800">
      <LookupForm key={current} current={current} onLookup={(lookup) => void navigate({ search: lookup })} />
      {ignored.length > 0 && (
        <IgnoredNote
          className="mx-4 mb-3"
          ignored={ignored}
          onDismiss={() => {
            dismiss();
            void navigate({
              search: target ? { ...targetSearch(target), ...filterSearch(filtersOf(search)) } : {},
              replace: true,
            });
          }}
        />
      )}
      {arrival.gated ? (
        <ArrivalGate operation="timeline" what={`@${current}’s timeline`} onLoad={arrival.open} />
      ) : target ? (
        <TimelineView
          key={targetKey(target)}
          target={target}
          filters={filtersOf(search)}
          onFilters={setFilters}
          inspect={(pages) => (
            <InspectPagesButton pages={pages.map((page) => ({ ...page, posts: page.posts.length }))} />
          )}
        />
      ) : (
        <TimelineIntro />
      )}
    </main>
  );
}
