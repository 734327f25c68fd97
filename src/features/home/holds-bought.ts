import { useIsRestoring, type Query } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useQueryCacheSubscription } from '../../api/use-query-cache-subscription';
import { searchKeys, timelineKeys } from '../../api/keys';

const isBoughtPage = (query: Query) =>
  (query.queryKey[0] === timelineKeys.all[0] || query.queryKey[0] === searchKeys.all[0]) &&
  query.state.data !== undefined;

/**
 * Whether the cache holds any bought timeline or search, or null while the persisted cache is still being
 * restored (until then an empty cache says nothing). A cheap look at the keys: reading the entries for the
 * list is the list's own code, loaded only when this says there is something to list.
 */
export function useHoldsBought(): boolean | null {
  const restoring = useIsRestoring();
  const { cache, subscribe } = useQueryCacheSubscription();
  const holds = useSyncExternalStore(
    subscribe,
    () => cache.getAll().some(isBoughtPage),
    () => false,
  );
  return restoring ? null : holds;
}
