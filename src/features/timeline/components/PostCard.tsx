import { memo } from 'react';
import type { Post } from '../../../contract/upstream/types';
import { PageDivider } from '../../../components/PageDivider';
import type { DividedPage } from '../../../components/page-divider-text';
import { Avatar } from './Avatar';
import { AuthorLine } from './AuthorLine';
import { PinIcon, RepostIcon } from './Icons';
import { PostActions } from './PostActions';
import { PostCounts } from './PostCounts';
import { PostMedia } from './PostMedia';
import { ProfileMenu } from './ProfileMenu';
import { QuotedPost } from './QuotedPost';
import { RichText } from './RichText';

function variantOf(post: Post): string {
  if (post.repostOf) return 'repost';
  if (post.quoted) return 'quote';
  if (post.replyToId) return 'reply';
  if (post.media.some((item) => item.kind === 'video')) return 'video';
  if (post.media.length > 0) return `photos-${post.media.length}`;
  return post.text.includes('\n') ? 'multiline' : 'text';
}

/** "Replying to @grace" when a reply opens with the handle it answers. */
function repliedHandle(post: Post): string | null {
  if (!post.replyToId) return null;
  return /^@([A-Za-z0-9_]{1,50})/.exec(post.text)?.[1] ?? null;
}

const marker = 'mb-1 flex items-center gap-2 pl-8 text-[13px] font-semibold text-slate-600 dark:text-slate-400';

/**
 * One timeline entry. A repost shows who reposted, then the original in full. `owner` is the timeline's handle,
 * the post's address when its author has none; `position` is left out where the card stands alone (its own page).
 * `startsPage` is the page this post begins in a list: its divider leads the card, inside it, because a feed
 * may own nothing but articles.
 */
export const PostCard = memo(function PostCard({
  post,
  pinned,
  owner,
  position,
  total,
  actions = true,
  startsPage,
}: {
  post: Post;
  pinned: boolean;
  owner: string;
  position?: number;
  total?: number;
  actions?: boolean;
  startsPage?: DividedPage;
}) {
  const shown = post.repostOf ?? post;
  // The same page the menu's "Open post" opens: a repost's entry under the reposter's handle.
  const address = { handle: post.author?.handle || owner, id: post.id, permalink: shown.permalink ?? null };
  const replyTo = repliedHandle(shown);
  return (
    <article
      data-testid="post"
      data-post-id={post.id}
      data-variant={variantOf(post)}
      tabIndex={-1}
      aria-posinset={position}
      aria-setsize={total}
      aria-label={`${post.repostOf ? `${post.author?.name ?? 'Someone'} reposted ` : ''}${shown.author?.name ?? 'Unknown author'}`}
      className="post-card"
    >
      {startsPage && <PageDivider page={startsPage} className="-mt-1.5 mb-2" />}
      {pinned && (
        <p className={marker} data-testid="pinned">
          <PinIcon />
          Pinned
        </p>
      )}
      {post.repostOf && (
        <p className={marker} data-testid="repost-line">
          <RepostIcon size={14} />
          {post.author?.handle ? (
            <ProfileMenu
              handle={post.author.handle}
              name={post.author.name}
              className="min-w-0 cursor-pointer truncate hover:underline"
            >
              {post.author.name} reposted
            </ProfileMenu>
          ) : (
            <span className="truncate">{post.author?.name ?? 'Someone'} reposted</span>
          )}
        </p>
      )}
      <div className="flex gap-3 max-sm:gap-2">
        <Avatar url={shown.author?.avatarUrl ?? null} name={shown.author?.name ?? '?'} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-1">
            <div className="min-w-0 flex-1">
              <AuthorLine author={shown.author} createdAt={shown.createdAt} address={address} />
            </div>
            {actions && <PostActions id={address.id} handle={address.handle} permalink={address.permalink} />}
          </div>
          {replyTo && (
            <p className="text-[13px] text-slate-600 dark:text-slate-400">
              Replying to{' '}
              <ProfileMenu
                handle={replyTo}
                className="cursor-pointer text-brand-600 underline decoration-brand-500/30 underline-offset-2
                hover:decoration-current dark:text-sky-400 dark:decoration-sky-400/40"
              >
                @{replyTo}
              </ProfileMenu>
            </p>
          )}
          <RichText
            text={shown.text}
            links={shown.links}
            lang={shown.lang}
            hasMedia={shown.media.length > 0}
            className="mt-0.5 text-[15px] leading-snug text-slate-900 dark:text-slate-100"
          />
          <PostMedia media={shown.media} />
          {shown.quoted && <QuotedPost post={shown.quoted} />}
          <PostCounts counts={shown.counts} />
          {post.source && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="post-source">
              via {post.source}
            </p>
          )}
        </div>
      </div>
    </article>
  );
});
