import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { newItemsQueryOptions, watchesQueryOptions } from '../api/watches';
import { watchesNewCountKey } from '../api/watches-count';
import { ErrorPanel } from '../components/ErrorPanel';
import { Spinner } from '../components/Spinner';
import { WatchEditor } from '../features/watches/components/WatchEditor';
import { WatchesList } from '../features/watches/components/WatchesList';
import { WatchesFeed } from '../features/watches/components/FeedLinks';
import { WhatsNew } from '../features/watches/components/WhatsNew';
import { WebhookPanel } from '../features/watches/components/WebhookPanel';

// No loader: the page asks for its watches as it mounts, so the shell carries nothing of this page but its name.
export const Route = createFileRoute('/watches')({ component: WatchesPage });

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-800"
    >
      <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

function WatchesPage() {
  const client = useQueryClient();
  const watches = useQuery(watchesQueryOptions());
  const fresh = useInfiniteQuery(newItemsQueryOptions());
  const count = fresh.data?.pages[0]?.count;
  // The navigation's count says what this page lists, the moment the page has read it.
  useEffect(() => {
    if (count !== undefined) client.setQueryData(watchesNewCountKey, count);
  }, [client, count]);

  return (
    <main className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:py-6">
      <div>
        <h1 className="text-lg font-bold text-slate-900 dark:text-white">Watches</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Handles and searches checked on a schedule by the server. Each run buys only what is new since the last one,
          never past the watch&apos;s cap, your limit or the operator&apos;s; what it finds waits here until you mark it
          seen, and opens free from the archive.
        </p>
      </div>
      <Section title={count ? `What's new (${count})` : "What's new"} testId="new-section">
        {fresh.error && !fresh.data && <ErrorPanel error={fresh.error} onRetry={() => void fresh.refetch()} compact />}
        {!fresh.data && !fresh.error && <Spinner label="Reading what is new…" />}
        {fresh.data && (
          <WhatsNew
            pages={fresh.data.pages}
            watches={watches.data ?? []}
            more={{ available: fresh.hasNextPage, loading: fresh.isFetchingNextPage, show: fresh.fetchNextPage }}
          />
        )}
        {fresh.error && fresh.data && (
          <ErrorPanel error={fresh.error} onRetry={() => void fresh.fetchNextPage()} compact />
        )}
      </Section>
      <Section title="Your watches" testId="watches-section">
        {watches.error && !watches.data && (
          <ErrorPanel error={watches.error} onRetry={() => void watches.refetch()} compact />
        )}
        {!watches.data && !watches.error && <Spinner label="Reading the watches…" />}
        {watches.data && <WatchesList watches={watches.data} />}
      </Section>
      <Section title="Atom feed" testId="feed-section">
        <WatchesFeed />
      </Section>
      <Section title="Webhook for all your watches" testId="webhook-section">
        <WebhookPanel watchId={null} />
      </Section>
      <Section title="New watch" testId="watch-new-section">
        <WatchEditor />
      </Section>
    </main>
  );
}
