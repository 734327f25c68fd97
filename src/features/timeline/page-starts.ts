import type { Post, TimelinePage } from '../../contract/upstream/types';
import type { DividedPage } from '../../components/page-divider-text';

/**
 * Where each page of a timeline begins in the list as shown, for its divider: post id → that page. A page
 * begins at the first post of it the list shows (the same post can come on two pages: it belongs to the
 * first; a filter can hide a page's first posts). The pinned post stands above the pages and starts none.
 * The first page keeps its compact form, the spend line above the list, so it gets no divider while it
 * leads the list. Pages "Check for new posts" put above the first page are "newer posts"; the first page
 * and those after it are numbered from 1.
 */
export function pageStarts(
  pages: readonly TimelinePage[],
  pageParams: readonly unknown[],
  shown: readonly Post[],
  pinnedId: string | null,
): Map<string, DividedPage> {
  const first = Math.max(0, pageParams.indexOf(null));
  const pageOf = new Map<string, number>();
  pages.forEach((page, index) => {
    for (const post of page.posts) if (!pageOf.has(post.id)) pageOf.set(post.id, index);
  });
  const starts = new Map<string, DividedPage>();
  let previous: number | undefined;
  for (const post of shown) {
    if (post.id === pinnedId) continue;
    const index = pageOf.get(post.id);
    if (index === undefined || index === previous) continue;
    const leads = previous === undefined;
    previous = index;
    if (leads && index === first) continue;
    const page = pages[index]!;
    starts.set(post.id, {
      label: index < first ? 'newer posts' : `page ${index - first + 1}`,
      origin: page.origin,
      credits: page.credits,
      boughtAt: page.boughtAt,
    });
  }
  return starts;
}
