import * as v from 'valibot';
import { canonicalParams, purchaseKey, SEARCH_DEFAULT_NUM } from '../../src/contract/identity.ts';
import { searchEnvelope, toSearchResults } from '../../src/contract/upstream/envelope.ts';
import { timelineEnvelope, toTimelinePage } from '../../src/contract/upstream/timeline-envelope.ts';
import type { Post, Profile, SearchResult } from '../../src/contract/upstream/types.ts';
import { OPERATIONS, type Route } from '../proxy/operations.ts';
import type { TimelineDepth } from './spec.ts';
import type { PaidOperation } from '../../src/contract/operations.ts';

export const TIMELINE_ROUTE = OPERATIONS['/api/v1/social/microblog/posts']!;
export const SEARCH_ROUTE = OPERATIONS['/api/v1/search']!;

export type ItemKind = PaidOperation;
export interface PageAsk {
  route: Route;
  params: Record<string, unknown>;
  key: string;
}

/** The page an item needs next, in the canonical form the browser and the proxy use: one page, one purchase key. */
export function pageAsk(kind: ItemKind, subject: string, cursor: string | null, pageIndex: number): PageAsk {
  if (kind === 'timeline') {
    const params = canonicalParams('timeline', cursor ? { screen_name: subject, cursor } : { screen_name: subject });
    return { route: TIMELINE_ROUTE, params, key: purchaseKey('timeline', params) };
  }
  const params = canonicalParams('search', { q: subject, page: pageIndex + 1 });
  return { route: SEARCH_ROUTE, params, key: purchaseKey('search', params) };
}

export interface TimelineRead {
  kind: 'timeline';
  posts: Post[];
  raw: unknown[];
  nextCursor: string | null;
  /** The profile the answer carries (data.user): its post count gives a quote's "likely". */
  user: Profile | null;
}
export interface SearchRead {
  kind: 'search';
  results: SearchResult[];
  raw: unknown[];
}

/** An answer read as the browser reads it (src/api schemas); null when it is not a usable page. */
export function readTimeline(text: string): TimelineRead | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(timelineEnvelope, json);
  if (!parsed.success) return null;
  const page = toTimelinePage(parsed.output.data);
  return {
    kind: 'timeline',
    posts: page.posts,
    raw: parsed.output.data.timeline,
    nextCursor: page.nextCursor,
    user: page.user,
  };
}

export function readSearch(text: string): SearchRead | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(searchEnvelope, json);
  if (!parsed.success) return null;
  return { kind: 'search', results: toSearchResults(parsed.output.data), raw: parsed.output.data };
}

export interface PageOutcome {
  count: number;
  next: string | null;
  ended: boolean;
}

/**
 * What a page says about the item: how many posts or results it brought, the cursor to follow, and
 * whether the item is done. A cursor is followed at most once: an empty page, no cursor or the same
 * cursor again ends a timeline (as the browser's nextCursorOf does); so does a post older than `until`.
 */
export function outcomeOf(
  kind: ItemKind,
  text: string,
  cursor: string | null,
  depth: TimelineDepth,
): PageOutcome | null {
  if (kind === 'search') {
    const read = readSearch(text);
    if (!read) return null;
    return { count: read.raw.length, next: null, ended: read.raw.length < SEARCH_DEFAULT_NUM };
  }
  const read = readTimeline(text);
  if (!read) return null;
  const older =
    depth.mode === 'until' && read.posts.some((post) => post.createdAt !== null && post.createdAt < depth.until);
  const next = read.nextCursor && read.nextCursor !== cursor ? read.nextCursor : null;
  return { count: read.raw.length, next, ended: read.raw.length === 0 || next === null || older };
}
