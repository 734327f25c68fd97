import type { Post, TimelinePage } from '../../contract/upstream/types';

/** The newest first page (a check for new posts adds a newer one in front): the profile as last asked. */
export function latestFirstPage(pages: readonly TimelinePage[], pageParams: readonly unknown[]): TimelinePage | null {
  const index = pageParams.indexOf(null);
  return index >= 0 ? (pages[index] ?? null) : null;
}

/**
 * When the posts were last asked what is new: the newest purchase among the first page and the pages
 * "Check for new posts" put in front of it (pages loaded further down say nothing about what is new).
 */
export function asOfTime(pages: readonly TimelinePage[], pageParams: readonly unknown[]): number | null {
  const first = pageParams.indexOf(null);
  if (first < 0 || !pages[first]) return null;
  return Math.max(...pages.slice(0, first + 1).map((page) => page.boughtAt));
}

/**
 * The platform shows a pinned post above the others, not where its date puts it. It is taken from the first
 * page only (the `pinned` post the answer may carry, else a post of that page the profile names as pinned),
 * so a page loaded later never moves a post to the top above where the reader is.
 */
export function withPinnedFirst(
  posts: readonly Post[],
  firstPage: TimelinePage | null,
): { posts: readonly Post[]; pinnedId: string | null } {
  if (!firstPage) return { posts, pinnedId: null };
  const ids = new Set(firstPage.user?.pinnedIds ?? []);
  const pinned = firstPage.pinned ?? firstPage.posts.find((post) => ids.has(post.id)) ?? null;
  if (!pinned) return { posts, pinnedId: null };
  return { posts: [pinned, ...posts.filter((post) => post.id !== pinned.id)], pinnedId: pinned.id };
}
