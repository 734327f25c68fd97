import { queryOptions, skipToken } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError } from './errors';
import { canonicalSearch } from '../contract/identity';
import { searchKeys, type SearchParams } from './keys';
import { buy, type PaidAnswer, type Purchase } from './purchase/purchaser';
import { searchEnvelope, toSearchResults } from '../contract/upstream/envelope';
import type { SearchPage } from '../contract/upstream/types';

export type { SearchParams };

/** The body the proxy receives: the canonical search, defaults filled in (so `page=1` and no page are one purchase). */
/** The same search on another page; page 1 is sent without `page`, as the search route does. */
export function searchOnPage(params: SearchParams, page: number): SearchParams {
  const { page: _current, ...rest } = params;
  return page > 1 ? { ...rest, page } : rest;
}

export function searchBody(params: SearchParams): Record<string, string | number> {
  return { ...canonicalSearch({ ...params }) };
}

function purchaseOf(params: SearchParams): Purchase {
  return { operation: 'search', params: searchBody(params) };
}

/** A purchaser's answer as a search page: the query function's, and a server-rendered page's loader's. */
export function searchPageOf({ json, callId, credits, boughtAt, origin }: PaidAnswer): SearchPage {
  const parsed = v.safeParse(searchEnvelope, json);
  if (!parsed.success) throw new ApiError('invalid_response', 'The search response has no results list');
  return {
    results: toSearchResults(parsed.output.data),
    credits,
    callId,
    boughtAt: boughtAt ?? Date.now(),
    origin,
    raw: json,
  };
}

export async function fetchSearch(params: SearchParams, { rebuy = false } = {}): Promise<SearchPage> {
  return searchPageOf(await buy(purchaseOf(params), { rebuy }));
}

/**
 * `skipToken` while the query is empty: nothing is bought for an empty box. The signal is never read (see
 * purchase/purchaser.ts). `rebuy` is Refresh's query function (src/api/purchase/rebuy-search.ts).
 */
export function searchQueryOptions(params: SearchParams, { rebuy = false } = {}) {
  // A re-buy fetches the same page into the same cache entry: it is not part of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: searchKeys.query(params),
    queryFn: params.q.trim() ? () => fetchSearch(params, { rebuy }) : skipToken,
  });
}
