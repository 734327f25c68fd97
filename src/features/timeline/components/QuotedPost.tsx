import type { Post } from '../../../contract/upstream/types';
import { Avatar } from './Avatar';
import { AuthorLine } from './AuthorLine';
import { PostMedia } from './PostMedia';
import { RichText } from './RichText';

/** A quoted post, embedded as a smaller card inside the quoting one. */
export function QuotedPost({ post }: { post: Post }) {
  return (
    <div
      data-testid="quoted-post"
      aria-label={`Quoted post by ${post.author?.name || 'an unknown author'}`}
      role="group"
      className="mt-3 rounded-2xl border border-slate-200 p-3 dark:border-slate-700"
    >
      <div className="flex items-center gap-2">
        <Avatar url={post.author?.avatarUrl ?? null} name={post.author?.name ?? '?'} size={20} />
        <AuthorLine
          author={post.author}
          createdAt={post.createdAt}
          address={
            post.author?.handle ? { handle: post.author.handle, id: post.id, permalink: post.permalink ?? null } : null
          }
          small
        />
      </div>
      <RichText
        text={post.text}
        links={post.links}
        lang={post.lang}
        hasMedia={post.media.length > 0}
        className="mt-1 text-[15px]"
      />
      <PostMedia media={post.media} />
    </div>
  );
}
