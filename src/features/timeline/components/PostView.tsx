import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { timelinePage, usePrice } from '../../../api/use-price';
import { PriceText } from '../../../components/CostHint';
import { Spinner } from '../../../components/Spinner';
import { absoluteTime, boughtClock } from '../../../contract/dates/format';
import { useDateStyle } from '../../../lib/use-date-style';
import { timelineLabel, type BoughtPost } from '../bought-post';
import { useBoughtPost } from '../hooks/use-bought-post';
import { postUrl } from '../post-path';
import { CopyButton } from './CopyButton';
import { CopyLinkIcon, ExternalIcon, HashIcon } from './Icons';
import { LightboxHost } from './LightboxHost';
import { PostCard } from './PostCard';
import { QuotedPost } from './QuotedPost';
import { StateCard } from './StateCard';

const action = `inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800
  no-underline hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800`;

/** A priced way to the timeline, for when the post is not here: nothing on this page buys by itself. */
function OpenTimeline({ handle, children }: { handle: string; children: ReactNode }) {
  const cost = usePrice({ operation: 'timeline', page: timelinePage({ screenName: handle }) });
  return (
    <Link
      to="/timeline"
      search={{ screen_name: handle }}
      data-testid="post-open-timeline"
      className="inline-flex items-baseline gap-1.5 font-semibold text-brand-700 no-underline hover:underline dark:text-sky-300"
    >
      {children} <PriceText price={cost} testId="cost-hint-timeline" />
    </Link>
  );
}

function Details({ found, handle }: { found: BoughtPost; handle: string }) {
  const { post, page, timeline } = found;
  const shown = post.repostOf ?? post;
  const style = useDateStyle();
  const bought = `${page.origin === 'archive' ? 'from the server’s archive, first bought' : 'bought'} ${boughtClock(page.boughtAt, style)}`;
  return (
    <dl
      data-testid="post-details"
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 px-4 py-3 text-sm text-slate-700 dark:text-slate-300"
    >
      {shown.createdAt && (
        <>
          <dt className="text-slate-500 dark:text-slate-400">Posted</dt>
          <dd>{absoluteTime(shown.createdAt, style)}</dd>
        </>
      )}
      <dt className="text-slate-500 dark:text-slate-400">Post ID</dt>
      <dd className="break-all font-mono">{post.id}</dd>
      {post.source && (
        <>
          <dt className="text-slate-500 dark:text-slate-400">Client</dt>
          <dd>{post.source}</dd>
        </>
      )}
      <dt className="text-slate-500 dark:text-slate-400">From</dt>
      <dd data-testid="post-origin">
        {timelineLabel(timeline)}’s timeline, {bought}. Shown free: 0 credits.
      </dd>
      <dd className="col-span-2 mt-2 flex flex-wrap gap-2">
        <CopyButton
          text={postUrl(handle, post.id)}
          label="Copy link"
          done="Link copied"
          icon={<CopyLinkIcon />}
          testId="copy-post-link"
          className={action}
        />
        <CopyButton
          text={post.id}
          label="Copy post ID"
          done="Post ID copied"
          icon={<HashIcon />}
          testId="copy-post-id"
          className={action}
        />
        {shown.permalink && (
          <a
            href={shown.permalink}
            target="_blank"
            rel="noopener noreferrer"
            className={action}
            data-testid="open-on-platform"
          >
            <ExternalIcon />
            Open on the platform
          </a>
        )}
      </dd>
    </dl>
  );
}

/**
 * A post's own page, made only of what was already bought: the query cache (restored from IndexedDB). It
 * never asks the API; when the post is not here it says so and offers the timeline, at its price.
 */
export function PostView({ handle, id }: { handle: string; id: string }) {
  const { restoring, found } = useBoughtPost(handle, id);
  if (restoring)
    return (
      <div className="p-6">
        <Spinner label="Reading the posts this browser has bought…" />
      </div>
    );
  if (!found) {
    return (
      <StateCard testId="post-not-bought" title="This post isn’t in what you’ve bought" heading="h1">
        <p>
          Post {id} by @{handle} is not among the timelines loaded in this browser, so there is nothing to show. Nothing
          was bought.
        </p>
        <p>
          <OpenTimeline handle={handle}>Open @{handle}’s timeline</OpenTimeline>
        </p>
      </StateCard>
    );
  }
  const { post, replyTo, timeline } = found;
  const shown = post.repostOf ?? post;
  return (
    <LightboxHost>
      <nav className="px-4 pt-3 text-sm">
        <Link
          to="/timeline"
          search={timeline}
          className="font-semibold text-brand-700 no-underline hover:underline dark:text-sky-300"
          data-testid="post-back"
        >
          ← {timelineLabel(timeline)}’s timeline{' '}
          <span className="font-normal text-emerald-700 dark:text-emerald-300">· in this browser · 0 credits</span>
        </Link>
      </nav>
      <h1 className="px-4 pt-2 text-xl font-extrabold text-slate-900 dark:text-white">
        Post by {shown.author?.name || `@${handle}`}
      </h1>
      {shown.replyToId && (
        <section
          aria-label="In reply to"
          data-testid="post-reply-context"
          className="px-4 pt-2 text-sm text-slate-600 dark:text-slate-400"
        >
          {replyTo ? (
            <>
              In reply to
              <QuotedPost post={replyTo} />
            </>
          ) : (
            <>In reply to post {shown.replyToId}, which is not among the posts bought here.</>
          )}
        </section>
      )}
      <div data-testid="post-view" className="mt-2 border-t border-slate-200 text-[17px] dark:border-slate-800">
        <PostCard post={post} pinned={false} owner={handle} actions={false} />
      </div>
      <Details found={found} handle={handle} />
    </LightboxHost>
  );
}
