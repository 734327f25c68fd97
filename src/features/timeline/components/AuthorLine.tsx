import type { Author } from '../../../contract/upstream/types';
import { VerifiedBadge } from './Icons';
import { AuthorLink } from './AuthorLink';
import { PostTime, type PostAddress } from './PostTime';

/**
 * Name, badge, @handle and time on one line that truncates the name first, never the time. The name links to the
 * author's timeline (its price shown on hover and focus), the time to the post's free page when `address` is given.
 */
export function AuthorLine({
  author,
  createdAt,
  address = null,
  small = false,
}: {
  author: Author | null;
  createdAt: string | null;
  address?: PostAddress | null;
  small?: boolean;
}) {
  const name = author?.name || 'Unknown author';
  return (
    <div className={`flex min-w-0 items-baseline gap-1 ${small ? 'text-sm' : 'text-[15px]'}`}>
      {author?.handle ? (
        <AuthorLink
          handle={author.handle}
          className="flex min-w-0 items-center gap-1 font-bold text-slate-900 hover:underline dark:text-white"
        >
          <span className="truncate">{name}</span>
          {author.verified && <VerifiedBadge />}
        </AuthorLink>
      ) : (
        <span className="truncate font-bold text-slate-900 dark:text-white">{name}</span>
      )}
      {author?.handle && (
        <span className="min-w-0 shrink truncate text-slate-600 dark:text-slate-400">@{author.handle}</span>
      )}
      {createdAt && (
        <span aria-hidden="true" className="text-slate-500 dark:text-slate-500">
          ·
        </span>
      )}
      <PostTime iso={createdAt} address={address} />
    </div>
  );
}
