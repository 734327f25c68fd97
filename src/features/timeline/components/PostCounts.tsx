import type { Post } from '../../../api/types';
import { Count } from './Count';
import { BookmarkIcon, HeartIcon, QuoteIcon, ReplyIcon, RepostIcon, ViewsIcon } from './Icons';

/** The engagement row, in the platform's order; a count the upstream did not send is left out. */
export function PostCounts({ counts }: { counts: Post['counts'] }) {
  return (
    <div
      data-testid="post-counts"
      className="mt-2 flex max-w-md flex-wrap items-center justify-between gap-x-3 gap-y-1 text-[13px] text-slate-600 max-sm:gap-x-1 max-sm:text-xs max-sm:*:gap-0.5 dark:text-slate-400"
    >
      <Count value={counts.replies} noun="replies" icon={<ReplyIcon />} />
      <Count value={counts.reposts} noun="reposts" icon={<RepostIcon />} />
      <Count value={counts.quotes} noun="quotes" icon={<QuoteIcon />} />
      <Count value={counts.favorites} noun="likes" icon={<HeartIcon />} />
      <Count value={counts.bookmarks} noun="bookmarks" icon={<BookmarkIcon />} />
      <Count value={counts.views} noun="views" icon={<ViewsIcon />} testId="views" />
    </div>
  );
}
