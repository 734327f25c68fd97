import type { ArchiveStore } from '../store/archive-store.ts';
import { readTimeline } from './pages.ts';
import type { PlannedItem } from './spec.ts';

/** How many of a handle's archived pages are read to learn its profile and page size: enough, and cheap. */
const PAGES_READ = 20;

/** What the archive tells about a handle: the post count its profile gives, and how many posts a full page holds. */
export interface TimelineKnown {
  posts: number;
  perPage: number;
}

/**
 * The handle's profile post count (statuses_count, from the newest archived answer that has one) and the
 * most posts any of its archived pages held. Null when no archived answer gives a count: nothing to estimate from.
 * Any age of answer will do: a profile's count moves slowly, and an estimate is not a price.
 */
export async function timelineKnown(archive: ArchiveStore, handle: string): Promise<TimelineKnown | null> {
  let posts: number | null = null;
  let perPage = 0;
  for (const body of await archive.recentBodies('timeline', handle, PAGES_READ)) {
    const page = readTimeline(body);
    if (!page) continue;
    posts ??= page.user?.counts.posts ?? null;
    perPage = Math.max(perPage, page.raw.length);
  }
  return posts === null ? null : { posts, perPage };
}

/**
 * The pages a timeline likely takes in all: its posts at `perPage` a page, and the empty page that says it
 * ended (a short last page still carries a new cursor). A handle whose pages held no post ends at its first.
 */
export function likelyTimelinePages(known: TimelineKnown): number {
  if (known.perPage === 0) return 1;
  return Math.ceil(known.posts / known.perPage) + 1;
}

/**
 * The pages an item likely buys: at most what the quote counts, fewer when the handle's profile says its
 * timeline ends sooner. A search, or a handle the archive knows nothing of, is likely to take them all.
 */
export function likelyPagesToBuy(
  item: PlannedItem,
  archived: number,
  toBuy: number,
  known: TimelineKnown | null,
): number {
  if (item.kind !== 'timeline' || known === null) return toBuy;
  return Math.max(0, Math.min(toBuy, likelyTimelinePages(known) - archived));
}
