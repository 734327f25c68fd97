import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { archiveLookupOptions } from './archive-lookup';
import { isViewer, meQueryOptions } from './auth/me';
import { decidePrice, type PaidOperation, type Price } from './cost';
import { purchaseKey } from '../contract/identity';
import { resolveTarget, searchKeys, timelineKeys, type SearchParams, type TimelineTarget } from './keys';
import { sessionQueryOptions } from './session';
import { useIsBought } from './purchase/use-is-bought';

/**
 * The page a spending control would fetch, by its identity: a timeline's page (`cursor` null or left out for
 * the first) or a search's page. The same identity the purchaser buys by, so the price is for that page.
 */
export type PageToFetch =
  | { operation: 'timeline'; target: TimelineTarget; cursor?: string | null }
  | { operation: 'search'; params: SearchParams };

export const timelinePage = (target: TimelineTarget, cursor: string | null = null): PageToFetch => ({
  operation: 'timeline',
  target,
  cursor,
});
/** What a box of the timeline address's params (`?screen_name=` or `?rest_id=`) opens, or null for no page. */
export function typedTimelinePage(typed: { screen_name: string } | { rest_id: string } | { error: string }) {
  if ('error' in typed) return null;
  return timelinePage('screen_name' in typed ? { screenName: typed.screen_name } : { restId: typed.rest_id });
}
export const searchPage = (params: SearchParams): PageToFetch => ({ operation: 'search', params });

/** The query whose data holds this page in this browser: a timeline's first page, or a search. A later page has none of its own. */
function browserKeyOf(page: PageToFetch): QueryKey | null {
  if (page.operation === 'search') return searchKeys.query(page.params);
  return page.cursor ? null : timelineKeys.user(resolveTarget(page.target));
}

/** The purchaser's key for the page (src/contract/identity.ts): what the server's archive is asked about. */
export function purchaseKeyOf(page: PageToFetch): string {
  // purchaseKey canonicalises the search as the search's request body does (src/api/search.ts searchBody).
  if (page.operation === 'search') return purchaseKey('search', { ...page.params });
  const target = resolveTarget(page.target);
  const who = 'screenName' in target ? { screen_name: target.screenName } : { rest_id: target.restId };
  return purchaseKey('timeline', page.cursor ? { ...who, cursor: page.cursor } : who);
}

/** A typed handle settles for this long before the archive is asked about it: one look-up per pause, not per key. */
const SETTLE_MS = 300;

/** `value` once it has stayed the same for SETTLE_MS; a list of menus (not settling) never re-renders for it. */
function useSettled<T>(value: T, enabled: boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value, enabled]);
  return settled;
}

/** Whether the moment `at` has come (re-checked by a timer, not by reading the clock while rendering). */
function useHasPassed(at: number | null): boolean {
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return undefined;
    const timer = setTimeout(() => setPassed(at), Math.min(2 ** 31 - 1, Math.max(0, at - Date.now())));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && passed === at;
}

/** The archive has not answered yet for this page. */
export type Checking = { kind: 'checking' };

/** A viewer (#28) is never offered a price: whatever would be bought, they cannot buy. */
export type ViewerPrice = { kind: 'viewer' };

export interface PriceRequest {
  operation: PaidOperation;
  /** The page the control fetches; left out when no identity is known (a price list, a Retry): then a call. */
  page?: PageToFetch | null;
  /** An explicit re-buy: always a call. */
  rebuy?: boolean;
  /** Ask the archive only once the page has stayed the same a moment (a box being typed in). */
  settle?: boolean;
  /** A price list, not a control: the going price even with a limit reached. */
  listed?: boolean;
}

/**
 * The one answer to "what will pressing this cost", for every spending control. This browser's cache is
 * read first (no request); only otherwise is the server's archive asked (`/api/_history/lookup`, free,
 * batched with every control on screen, kept briefly), which answers exactly as the purchaser would decide,
 * with until when the copy stays free: a price left on screen turns then, never promising a free page the
 * server would now buy again (the server's rule, not the browser's). Then the budget: a reached limit
 * offers no price (`blocked`).
 */
export function usePrice({
  operation,
  page = null,
  rebuy = false,
  settle = false,
  listed = false,
}: PriceRequest): Price | Checking | ViewerPrice {
  const asksAbout = page && !rebuy ? page : null;
  const inBrowser = useIsBought(asksAbout ? browserKeyOf(asksAbout) : null);
  const key = asksAbout && !inBrowser ? purchaseKeyOf(asksAbout) : null;
  const settledKey = useSettled(key, settle);
  const asked = settle ? (settledKey === key ? key : null) : key;
  const lookup = useQuery({ ...archiveLookupOptions(asked ?? ''), enabled: asked !== null });
  const copy = lookup.data;
  const { data: session } = useQuery(sessionQueryOptions());
  const viewer = isViewer(useQuery(meQueryOptions()).data);
  const expired = useHasPassed(copy?.freeUntil ?? null);
  // Until the archive has answered, no price is shown: a price that then turned into "free" was not exact.
  if (key !== null && (asked === null || lookup.isPending)) return { kind: 'checking' };
  const archivedAt = asked !== null && copy && !expired ? copy.boughtAt : null;
  const price = decidePrice(session, { operation, inBrowser, archivedAt, rebuy, listed });
  return viewer && (price.kind === 'buy' || price.kind === 'blocked') && !listed ? { kind: 'viewer' } : price;
}
