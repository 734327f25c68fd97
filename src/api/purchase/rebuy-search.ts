import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCacheMutation } from '../../lib/use-cache-mutation';
import { searchQueryOptions, type SearchParams } from '../search';
import type { SearchPage } from '../../contract/upstream/types';

/**
 * Refresh: the search's own query fetched with its re-buy query function, so the answer reaches the cache
 * the one way every answer does, and the view shows the query's own fetching and error states. A re-buy
 * asked while the search is on its way takes that answer.
 */
export function rebuySearch(queryClient: QueryClient, params: SearchParams): Promise<SearchPage> {
  return queryClient.fetchQuery({ ...searchQueryOptions(params, { rebuy: true }), staleTime: 0 });
}

/**
 * Refresh (and Retry after a failed Refresh), a priced re-buy run as a TanStack mutation. (useCacheMutation is
 * useMutation's state without its observer, which would be a chunk of its own on the search page.)
 */
export function useRebuySearch(params: SearchParams) {
  const queryClient = useQueryClient();
  return useCacheMutation((_: void) => rebuySearch(queryClient, params));
}
