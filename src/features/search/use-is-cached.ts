import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { searchKeys } from '../../api/keys';
import type { SearchParams } from '../../api/search';

/**
 * Whether this search's answer is in the query cache (so running it costs nothing), kept up to date as the
 * cache changes. Reads the cache without an observer, so checking never creates an entry or buys anything.
 */
export function useIsCached(params: SearchParams | null): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  const key = params ? JSON.stringify(searchKeys.query(params)) : null;
  const read = useCallback(
    () => key !== null && queryClient.getQueryData(JSON.parse(key) as readonly unknown[]) !== undefined,
    [queryClient, key],
  );
  return useSyncExternalStore(subscribe, read, () => false);
}
