import type { Post } from '../../../contract/upstream/types';
import { Count } from './Count';
import { BookmarkIcon, HeartIcon, QuoteIcon, ReplyIcon, RepostIcon, ViewsIcon } from './Icons';

/** The engagement row, in the platform's order; a count the upstream did not send is left out. */
export function PostCounts({ counts }: { counts: Post['counts'] }) {
  return (
    <div data-testid="post-counts" className="post-counts">
      <Count value={counts.replies} noun="replies" icon={<ReplyIcon />} />
      <Count value={counts.reposts} noun="reposts" icon={<RepostIcon />} />
      <Count value={counts.quotes} noun="quotes" icon={<QuoteIcon />} />
      <Count value={counts.favorites} noun="likes" icon={<HeartIcon />} />
      <Count value={counts.bookmarks} noun="bookmarks" icon={<BookmarkIcon />} />
      <Count value={counts.views} noun="views" icon={<ViewsIcon />} testId="views" />
    </div>
  );
}
