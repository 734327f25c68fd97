import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { describeError } from '../api/errors';
import { timelineQueryOptions, type TimelineTarget } from '../api/timeline';

const searchSchema = v.object({
  screen_name: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,50}$/))), undefined),
  rest_id: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{1,25}$/))), undefined),
});

export const Route = createFileRoute('/timeline')({
  validateSearch: searchSchema,
  component: TimelinePage,
});

function TimelinePage() {
  const search = Route.useSearch();
  const target: TimelineTarget | null = search.screen_name ? { screenName: search.screen_name } : search.rest_id ? { restId: search.rest_id } : null;
  return (
    <main className="mx-auto max-w-timeline px-3 py-4">
      {target ? <Posts target={target} /> : <p>Choose a user to browse.</p>}
    </main>
  );
}

function Posts({ target }: { target: TimelineTarget }) {
  const query = useInfiniteQuery(timelineQueryOptions(target));
  if (query.isPending) return <p>Loading…</p>;
  if (query.isError) return <p role="alert">{describeError(query.error).title}: {describeError(query.error).detail}</p>;
  const posts = query.data.pages.flatMap((page) => page.posts);
  return (
    <div>
      {posts.map((post) => (
        <article key={post.id} className="border-b border-slate-200 py-3 dark:border-slate-800">
          <p className="font-semibold">{post.author?.name ?? 'Unknown'}</p>
          <p className="whitespace-pre-wrap" lang={post.lang ?? undefined}>{post.text}</p>
        </article>
      ))}
      {query.hasNextPage && (
        <button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>Load more</button>
      )}
    </div>
  );
}
