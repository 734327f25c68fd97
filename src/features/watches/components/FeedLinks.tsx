import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { useState } from 'react';
import { feedKeyKey, feedKeyQueryOptions, resetFeedKey } from '../../../api/watch-feeds';
import { CopyButton, smallButton } from '../../../components/CopyButton';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { hint } from '../../../components/form-styles';
import { RefusalError } from '../../../components/RefusalError';
import { allWatchesFeedPath, watchFeedPath } from '../../../contract/watch-feeds';

/** A feed's address as a feed reader needs it: absolute, on the origin this page came from. */
const absolute = (path: string) => (typeof window === 'undefined' ? path : new URL(path, window.location.href).href);

/** A feed's address, to open or to copy. */
function FeedAddress({ path, testId, label }: { path: string; testId: string; label: string }) {
  const url = absolute(path);
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-2">
      <a
        href={url}
        data-testid={testId}
        className="inline-flex min-w-0 items-center gap-1 break-all font-mono text-xs text-brand-700 underline dark:text-sky-300"
      >
        <Rss aria-hidden className="h-3.5 w-3.5 shrink-0" />
        {url}
      </a>
      <CopyButton text={url} label={label} done="Copied: paste it into your feed reader." />
    </span>
  );
}

/** One watch's Atom feed, under its controls (the address appears once the person's key is read). */
export function WatchFeedLink({ watchId }: { watchId: string }) {
  const { data: key } = useQuery(feedKeyQueryOptions());
  if (!key) return null;
  return (
    <p className={`${hint} flex flex-wrap items-center gap-2`}>
      Atom feed of this watch:
      <FeedAddress path={watchFeedPath(key, watchId)} testId="watch-feed-link" label="Copy feed address" />
    </p>
  );
}

/**
 * The person's Atom feed of all their watches, and a reset (asked twice) that makes every address with the old key
 * answer 404: the key in the address is its only credential, so a leaked address is stopped by resetting it.
 */
export function WatchesFeed() {
  const client = useQueryClient();
  const feed = useQuery(feedKeyQueryOptions());
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: resetFeedKey,
    onSuccess: (key) => {
      client.setQueryData(feedKeyKey, key);
      setConfirming(false);
    },
  });
  if (feed.error && !feed.data) return <ErrorPanel error={feed.error} onRetry={() => void feed.refetch()} compact />;
  if (!feed.data) return null;
  return (
    <div className="space-y-2 text-sm" data-testid="watches-feed">
      <p className={hint}>
        For a feed reader: what your watches found, newest first, read from the archive (reading it never spends). The
        address is private: anyone who has it can read the feed. Each watch has its own below its controls.
      </p>
      <FeedAddress path={allWatchesFeedPath(feed.data)} testId="watches-feed-link" label="Copy feed address" />
      <div className="flex flex-wrap items-center gap-2">
        {confirming ? (
          <span role="group" aria-label="Reset the feed addresses?" className="flex flex-wrap items-center gap-2">
            <span className={hint}>Every feed address you gave out stops working.</span>
            <button
              type="button"
              className={`${smallButton} border-red-400 text-red-800 dark:border-red-700 dark:text-red-200`}
              data-testid="feed-reset-confirm"
              onClick={() => reset.mutate()}
              aria-busy={reset.isPending || undefined}
            >
              Reset the addresses
            </button>
            <button type="button" className={smallButton} onClick={() => setConfirming(false)}>
              Keep them
            </button>
          </span>
        ) : (
          <button type="button" className={smallButton} data-testid="feed-reset" onClick={() => setConfirming(true)}>
            Reset feed addresses…
          </button>
        )}
      </div>
      {reset.error && (
        <RefusalError error={reset.error} title="The feed addresses did not change" testId="feed-error" />
      )}
    </div>
  );
}
