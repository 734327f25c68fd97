import { createFileRoute, Link } from '@tanstack/react-router';
import { findQueryOptions } from '../api/archive-search';
import { FindForm } from '../features/find/components/FindForm';
import { FindHits } from '../features/find/components/FindHits';
import { findRouteSchema, hasFind, pickFind } from '../features/find/params';
import { PostCard } from '../features/timeline/components/PostCard';

export const Route = createFileRoute('/find')({
  // Loader and page in one chunk: one lazy import in every page's shell rather than two (src/routes/search.tsx).
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: findRouteSchema,
  // Finding is free, so the page can ask before it renders.
  loaderDeps: ({ search }) => pickFind(search),
  loader: ({ context, deps }) => {
    if (hasFind(deps)) void context.queryClient.prefetchInfiniteQuery(findQueryOptions(deps));
  },
  component: FindPage,
});

function FindPage() {
  const params = pickFind(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:py-6">
      <div>
        <h1 className="text-lg font-bold text-slate-900 dark:text-white">Find in bought posts</h1>
        <p className="mt-1 text-sm font-medium text-emerald-800 dark:text-emerald-300" data-testid="find-free">
          Free: 0 credits. Only what was already bought is searched; nothing is bought.
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Every post and search result this server has bought, from any browser.
          {params.author && (
            <>
              {' '}
              See{' '}
              <Link
                to="/find/stats/$handle"
                params={{ handle: params.author }}
                className="text-brand-700 underline dark:text-sky-300"
              >
                @{params.author}'s statistics
              </Link>
              .
            </>
          )}
        </p>
      </div>
      <FindForm current={params} onFind={(next) => void navigate({ search: pickFind(next) })} />
      {hasFind(params) ? (
        <FindHits
          params={params}
          renderPost={(hit) => <PostCard post={hit.post!} pinned={false} owner={hit.from.subject} actions={false} />}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Type words, or pick an author or a filter, to look through what was bought.
        </p>
      )}
    </main>
  );
}
