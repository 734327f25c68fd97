import type { Query } from '@tanstack/react-query';
import type { Post, TimelinePage } from '../../contract/upstream/types';

export interface BoughtPost {
  post: Post;
  /** The bought page that holds it: when it was bought, and whether from the archive. */
  page: TimelinePage;
  /** The timeline it was bought with, as its cache key names it: the address that opens that cache entry free. */
  timeline: TimelineLink;
  /** The post it answers, when that one was bought too. */
  replyTo: Post | null;
}

export type TimelineLink = { screen_name: string } | { rest_id: string };

interface Holder {
  post: Post;
  page: TimelinePage;
  timeline: TimelineLink;
}

/** A persisted cache may hold shapes from an older build: only pages with a posts list are read. */
function pagesOf(query: Query): TimelinePage[] {
  const data = query.state.data as { pages?: unknown } | undefined;
  return Array.isArray(data?.pages) ? (data.pages as TimelinePage[]).filter((page) => Array.isArray(page?.posts)) : [];
}

function timelineOf(query: Query): TimelineLink {
  const target = query.queryKey[1] as { screenName?: string; restId?: string } | undefined;
  return target?.screenName ? { screen_name: target.screenName } : { rest_id: target?.restId ?? '' };
}

/** `@ada`, or `user 1001` for a timeline asked for by id. */
export function timelineLabel(link: TimelineLink): string {
  return 'screen_name' in link ? `@${link.screen_name}` : `user ${link.rest_id}`;
}

const isNamed = (query: Query, handle: string) => {
  const link = timelineOf(query);
  return 'screen_name' in link && link.screen_name === handle;
};

/** Every post the cache holds, a timeline's own entries before the posts they embed (reposted, quoted). */
function* holders(queries: readonly Query[]): Generator<Holder> {
  for (const query of queries) {
    for (const page of pagesOf(query)) {
      for (const post of [page.pinned, ...page.posts]) if (post) yield { post, page, timeline: timelineOf(query) };
    }
  }
  for (const query of queries) {
    for (const page of pagesOf(query)) {
      for (const outer of page.posts) {
        for (const post of [outer.repostOf, outer.quoted, outer.repostOf?.quoted])
          if (post) yield { post, page, timeline: timelineOf(query) };
      }
    }
  }
}

function find(queries: readonly Query[], id: string): Holder | null {
  for (const holder of holders(queries)) if (holder.post.id === id) return holder;
  return null;
}

/**
 * A post by id among the timelines already bought (the query cache, restored from IndexedDB), the named
 * handle's timeline first. It only reads: it never creates a query, so it can never buy.
 */
export function findBoughtPost(timelineQueries: readonly Query[], handle: string, id: string): BoughtPost | null {
  const named = handle.toLowerCase();
  const ordered = [...timelineQueries].sort((a, b) => Number(isNamed(b, named)) - Number(isNamed(a, named)));
  const found = find(ordered, id);
  if (!found) return null;
  const replyToId = found.post.replyToId;
  return { ...found, replyTo: replyToId ? (find(ordered, replyToId)?.post ?? null) : null };
}
