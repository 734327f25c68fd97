import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { PaidResponse } from './client';
import { ApiError } from './errors';
import { canonicalSearch } from './identity';
import { searchKeys, type SearchParams } from './keys';
import { buy, forget, type Purchase } from './purchases';
import { searchEnvelope, toSearchResults } from './schemas/envelope';
import type { SearchPage } from './types';

export type { SearchParams };

/** The body the proxy receives: the canonical search, defaults filled in (so `page=1` and no page are one purchase). */
export function searchBody(params: SearchParams): Record<string, string | number> {
  return { ...canonicalSearch({ ...params }) };
}

function purchaseOf(params: SearchParams): Purchase {
  return { operation: 'search', params: searchBody(params) };
}

function toSearchPage({ json, callId, credits, boughtAt, fromArchive }: PaidResponse): SearchPage {
  const parsed = v.safeParse(searchEnvelope, json);
  if (!parsed.success) throw new ApiError('invalid_response', 'The search response has no results list');
  const page: SearchPage = {
    results: toSearchResults(parsed.output.data),
    credits,
    callId,
    boughtAt: boughtAt ?? Date.now(),
    raw: json,
  };
  return fromArchive ? { ...page, fromArchive } : page;
}

export async function fetchSearch(params: SearchParams): Promise<SearchPage> {
  return toSearchPage(await buy(purchaseOf(params)));
}

/** An explicit Refresh: the next fetch of this search buys it again, even where the server has archived it. */
export function forgetSearch(params: SearchParams) {
  forget(purchaseOf(params));
}

/** `skipToken` while the query is empty: nothing is bought for an empty box. The signal is never read (see purchases.ts). */
export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: searchKeys.query(params),
    queryFn: params.q.trim() ? () => fetchSearch(params) : skipToken,
  });
}

/** A finished search purchase, placed in the cache whoever asked (see src/app/query-client.ts). */
export function landSearchPurchase(queryClient: QueryClient, purchase: Purchase, answer: PaidResponse) {
  if (purchase.operation !== 'search') return;
  const key = searchKeys.query(purchase.params as unknown as SearchParams);
  setTimeout(() => {
    if (queryClient.getQueryData(key) !== undefined) return;
    try {
      queryClient.setQueryData(key, toSearchPage(answer));
    } catch {
      /* unreadable: the asker saw the error */
    }
  }, 0);
}
