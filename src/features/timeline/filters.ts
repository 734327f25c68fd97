import type { Post } from '../../api/types';

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

export function applyFilters(posts: readonly Post[], filters: PostFilters): Post[] {
  const needle = filters.find.trim().toLocaleLowerCase();
  return posts.filter((post) => {
    if (filters.hideReposts && post.repostOf) return false;
    if (filters.hideReplies && post.replyToId) return false;
    if (filters.mediaOnly && (post.repostOf ?? post).media.length === 0) return false;
    return !needle || searchableText(post).includes(needle);
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
