import type { Query } from '@tanstack/react-query';
import { SEARCH_DEFAULT_NUM } from '../../contract/identity';
import type { SearchParams } from '../../api/keys';
import type { SearchPage, TimelinePage } from '../../contract/upstream/types';
import { sumDecimals } from '../../contract/decimal-math';

export type TimelineLink = { screen_name: string } | { rest_id: string };

export interface BoughtTimeline {
  hash: string;
  /** The address that opens exactly this cache entry (an alias stays an alias, so nothing is bought again). */
  search: TimelineLink;
  name: string | null;
  avatarUrl: string | null;
  pages: number;
  posts: number;
  credits: string;
  boughtAt: number;
}

export interface BoughtSearch {
  hash: string;
  params: SearchParams;
  results: number;
  credits: string;
  boughtAt: number;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

const whole = (value: unknown): number | undefined => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
};

/** The persisted cache may hold shapes from an older build: anything unreadable is left out, never shown half. */
function timelineOf(query: Query): BoughtTimeline | null {
  const target = record(query.queryKey[1]);
  const data = record(query.state.data);
  const pages = Array.isArray(data?.pages)
    ? (data.pages as TimelinePage[]).filter((page) => Array.isArray(page?.posts))
    : [];
  if (!target || pages.length === 0) return null;
  const search =
    typeof target.screenName === 'string'
      ? { screen_name: target.screenName }
      : typeof target.restId === 'string'
        ? { rest_id: target.restId }
        : null;
  if (!search) return null;
  const user = pages.find((page) => page.user)?.user ?? null;
  const ids = new Set(pages.flatMap((page) => page.posts.map((post) => post.id)));
  return {
    hash: query.queryHash,
    search,
    name: user?.name || null,
    avatarUrl: user?.avatarUrl ?? null,
    pages: pages.length,
    posts: ids.size,
    credits: sumDecimals(pages.map((page) => page.credits || '0')),
    // When its pages were bought (a page the archive served carries its first purchase's time), not when the
    // cache entry last changed: a restore or a relabel is no purchase, and History says the purchase's time.
    boughtAt: Math.max(...pages.map((page) => page.boughtAt || 0)) || query.state.dataUpdatedAt,
  };
}

/** The search route's params for a cached key: defaults dropped, as the search page writes its address. */
function searchOf(query: Query): BoughtSearch | null {
  const key = record(query.queryKey[1]);
  const data = record(query.state.data) as Partial<SearchPage> | null;
  if (!key || typeof key.q !== 'string' || !key.q.trim() || !Array.isArray(data?.results)) return null;
  const num = whole(key.num);
  const page = whole(key.page);
  const params: SearchParams = { q: key.q };
  if (num !== undefined && num !== SEARCH_DEFAULT_NUM) params.num = num;
  if (page !== undefined && page > 1) params.page = page;
  if (typeof key.site === 'string' && key.site) params.site = key.site;
  if (typeof key.hl === 'string' && key.hl) params.hl = key.hl;
  return {
    hash: query.queryHash,
    params,
    results: data.results.length,
    credits: data.credits ?? '0',
    boughtAt: data.boughtAt || query.state.dataUpdatedAt,
  };
}

/** What is in the cache, newest purchase first. */
export function boughtEntries(queries: readonly Query[]): { timelines: BoughtTimeline[]; searches: BoughtSearch[] } {
  const newestFirst = <T extends { boughtAt: number }>(list: (T | null)[]) =>
    list.filter((entry): entry is T => entry !== null).sort((a, b) => b.boughtAt - a.boughtAt);
  return {
    timelines: newestFirst(queries.filter((query) => query.queryKey[0] === 'timeline').map(timelineOf)),
    searches: newestFirst(queries.filter((query) => query.queryKey[0] === 'search').map(searchOf)),
  };
}

/** Changes whenever an entry is added, removed or re-bought; cheap to compute on every cache event. */
export function cacheSignature(queries: readonly Query[]): string {
  return queries
    .filter((query) => query.queryKey[0] === 'timeline' || query.queryKey[0] === 'search')
    .map((query) => `${query.queryHash}@${query.state.dataUpdatedAt}`)
    .join('|');
}

/** "just now", "5 min ago", "3 h ago", "yesterday": when it was bought, at a glance. */
export function boughtAgo(at: number, now = Date.now()): string {
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 24 ? `${hours} h ago` : `${Math.round(hours / 24)} d ago`;
}
