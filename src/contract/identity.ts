/**
 * A page's identity: what makes two requests the same purchase. One definition, used by the query
 * keys, the request path and body, the early first-page fetch, the bought-pages index and the proxy
 * (which imports this file), so that `ADA` after `ada`, or `page=1` after the default search, is
 * recognised everywhere as a page already bought. Pure: no DOM, no Node.
 */

import type { PaidOperation } from './operations.ts';

export type { PaidOperation };

/** The upstream's page size and first page when they are not sent (the stand-in's; the spec does not say). */
export const SEARCH_DEFAULT_NUM = 10;
export const SEARCH_FIRST_PAGE = 1;

export type CanonicalTimeline = { screen_name?: string; rest_id?: string; cursor?: string };
export type CanonicalSearch = { q: string; num: number; page: string; site?: string; hl?: string };

/** A handle as the platform allows it: letters, digits and _, at most 50. The browser and the proxy both check with this one. */
export const HANDLE = /^[A-Za-z0-9_]{1,50}$/;
/** A numeric user id. */
export const REST_ID = /^\d{1,25}$/;
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Handles are case-insensitive on the platform, so they are compared lowercased; `screen_name` wins
 * over `rest_id` when both are given (it is what a person typed). Values that are not a handle or an
 * id are kept as given so that validation can name them; the cursor is opaque and kept byte for byte.
 */
export function canonicalTimeline(params: Record<string, unknown>): CanonicalTimeline {
  const handle = text(params.screen_name);
  const id = text(params.rest_id);
  const cursor = typeof params.cursor === 'string' && params.cursor !== '' ? params.cursor : undefined;
  const canonical: CanonicalTimeline = {};
  if (handle !== undefined) canonical.screen_name = HANDLE.test(handle) ? handle.toLowerCase() : handle;
  else if (id !== undefined) canonical.rest_id = REST_ID.test(id) ? id.replace(/^0+(?=\d)/, '') : id;
  if (cursor !== undefined) canonical.cursor = cursor;
  return canonical;
}

/** Defaults filled in, whitespace collapsed, the site host lowercased: one search, one identity. */
export function canonicalSearch(params: Record<string, unknown>): CanonicalSearch {
  const q = (text(params.q) ?? '').replace(/\s+/g, ' ');
  const num = Number(text(params.num) ?? SEARCH_DEFAULT_NUM);
  const page = Number(text(params.page) ?? SEARCH_FIRST_PAGE);
  const canonical: CanonicalSearch = {
    q,
    num: Number.isFinite(num) ? num : (params.num as number),
    page: Number.isFinite(page) ? String(page) : String(params.page),
  };
  const site = text(params.site);
  if (site !== undefined) canonical.site = site.toLowerCase().replace(/^www\./, '');
  const hl = text(params.hl);
  if (hl !== undefined) canonical.hl = hl;
  return canonical;
}

export function canonicalParams(
  operation: PaidOperation,
  params: Record<string, unknown>,
): Record<string, string | number> {
  return { ...(operation === 'timeline' ? canonicalTimeline(params) : canonicalSearch(params)) };
}

/** A stable text for a canonical page: the key of the single-flight maps in the browser and the proxy. */
export function purchaseKey(operation: PaidOperation, params: Record<string, unknown>): string {
  const canonical = canonicalParams(operation, params);
  const entries = Object.entries(canonical).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${operation} ${JSON.stringify(entries)}`;
}

export const TIMELINE_PATH = '/api/v1/social/microblog/posts';
export const SEARCH_PATH = '/api/v1/search';

/** The proxy path for a timeline page, from canonical params (so the early fetch and the app agree byte for byte). */
export function timelineRequestPath(params: Record<string, unknown>): string {
  const canonical = canonicalTimeline(params);
  const query = new URLSearchParams();
  if (canonical.screen_name) query.set('screen_name', canonical.screen_name);
  if (canonical.rest_id) query.set('rest_id', canonical.rest_id);
  if (canonical.cursor) query.set('cursor', canonical.cursor);
  return `${TIMELINE_PATH}?${query}`;
}
