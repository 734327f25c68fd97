import type { Post } from '../../contract/upstream/types';

/** Views over the posts already loaded: they never fetch, so they never cost credits. */
export interface PostFilters {
  hideReposts: boolean;
  hideReplies: boolean;
  mediaOnly: boolean;
  find: string;
}

export const NO_FILTERS: PostFilters = { hideReposts: false, hideReplies: false, mediaOnly: false, find: '' };

export function filtersActive(filters: PostFilters): boolean {
  return filters.hideReposts || filters.hideReplies || filters.mediaOnly || filters.find.trim() !== '';
}

function searchableText(post: Post): string {
  const parts = [post.text, post.author?.name, post.author?.handle];
  for (const inner of [post.repostOf, post.quoted]) {
    if (inner) parts.push(inner.text, inner.author?.name, inner.author?.handle);
  }
  return parts.filter(Boolean).join('\n').toLocaleLowerCase();
}

const HASHTAG = /^[#＃]([\p{L}\p{N}_]+)$/u;

/** `#Rust` → `rust` when the find text is one hashtag (what clicking a hashtag puts there), else null. */
export function hashtagOf(find: string): string | null {
  return HASHTAG.exec(find.trim())?.[1]?.toLocaleLowerCase() ?? null;
}

/** A hashtag is matched whole, in either hash form: `#rust` finds #rust and ＃rust, not #rustlang. */
function matcherOf(find: string): ((text: string) => boolean) | null {
  const tag = hashtagOf(find);
  if (tag) {
    const whole = new RegExp(`[#＃]${tag}(?![\\p{L}\\p{N}_])`, 'u');
    return (text) => whole.test(text);
  }
  const needle = find.trim().toLocaleLowerCase();
  return needle ? (text) => text.includes(needle) : null;
}

export function applyFilters(posts: readonly Post[], filters: PostFilters): Post[] {
  const matches = matcherOf(filters.find);
  return posts.filter((post) => {
    if (filters.hideReposts && post.repostOf) return false;
    if (filters.hideReplies && post.replyToId) return false;
    if (filters.mediaOnly && (post.repostOf ?? post).media.length === 0) return false;
    return !matches || matches(searchableText(post));
  });
}

/** The same post can come back on two pages (a timeline that moved between calls); it is shown once. */
export function uniquePosts(pages: readonly { posts: readonly Post[] }[]): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of pages) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}
