import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryCacheSubscription } from '../use-query-cache-subscription';

/** An infinite query whose every page failed leaves `{ pages: [] }` behind: nothing was bought. */
export function holdsBoughtData(data: unknown): boolean {
  if (data === undefined || data === null) return false;
  const pages: unknown = typeof data === 'object' ? Reflect.get(data, 'pages') : undefined;
  return !Array.isArray(pages) || pages.length > 0;
}

/**
 * Whether the answer for this key is already in the query cache (so opening it costs nothing), kept up to
 * date as the cache changes. It looks the key up by hash instead of observing it: checking a price must
 * never create a cache entry, start a fetch or keep an entry from being collected.
 */
export function useIsBought(queryKey: QueryKey | null): boolean {
  const { cache, subscribe } = useQueryCacheSubscription();
  const hash = queryKey ? hashKey(queryKey) : null;
  const read = useCallback(() => hash !== null && holdsBoughtData(cache.get(hash)?.state.data), [cache, hash]);
  // The same answer while hydrating a server-rendered page: its cache was filled before hydration.
  return useSyncExternalStore(subscribe, read, read);
}
