import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { handleStatsQueryOptions } from '../api/archive-search';
import { ErrorPanel } from '../components/ErrorPanel';
import { Spinner } from '../components/Spinner';
import { HandleStatsView } from '../features/find/components/HandleStatsView';

export const Route = createFileRoute('/find_/stats/$handle')({
  // Loader and page in one chunk: one lazy import in every page's shell rather than two (src/routes/search.tsx).
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(handleStatsQueryOptions(params.handle)),
  component: StatsPage,
});

function StatsPage() {
  const { handle } = Route.useParams();
  const query = useQuery(handleStatsQueryOptions(handle));
  return (
    <main className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:py-6">
      <div>
        <h1 className="text-lg font-bold text-slate-900 dark:text-white">@{handle} in what you bought</h1>
        <p className="mt-1 text-sm font-medium text-emerald-800 dark:text-emerald-300" data-testid="stats-free">
          Free: 0 credits, counted from archived posts only.
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Each post counts once however many bought pages held it; a repost counts for @{handle} on the day of the post
          it shows.{' '}
          <Link to="/find" search={{ author: handle }} className="text-brand-700 underline dark:text-sky-300">
            Find in @{handle}'s posts
          </Link>
        </p>
      </div>
      {query.isPending && <Spinner label="Counting…" />}
      {query.isError && <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />}
      {query.data &&
        (query.data.totals.posts === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="stats-empty">
            Nothing of @{handle}'s has been bought yet.
          </p>
        ) : (
          <HandleStatsView stats={query.data} />
        ))}
    </main>
  );
}
