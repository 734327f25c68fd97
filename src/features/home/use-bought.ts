import type { QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryCacheSubscription } from '../../api/use-query-cache-subscription';
import { boughtEntries, cacheSignature } from './bought';

type Entries = ReturnType<typeof boughtEntries>;

const EMPTY: Entries = { timelines: [], searches: [] };
/** One list per cache state: React needs the same object back until something was really added or re-bought. */
const snapshots = new WeakMap<QueryCache, { signature: string; entries: Entries }>();

function snapshotOf(cache: QueryCache): Entries {
  const queries = cache.getAll();
  const signature = cacheSignature(queries);
  const last = snapshots.get(cache);
  if (last?.signature === signature) return last.entries;
  const entries = boughtEntries(queries);
  snapshots.set(cache, { signature, entries });
  return entries;
}

/**
 * The timelines and searches already in the query cache, kept current as it changes (a purchase in another
 * view, the persisted cache restored after a reload). Read straight from the cache: listing them observes
 * nothing, so it can never start a fetch.
 */
export function useBought(): Entries {
  const { cache, subscribe } = useQueryCacheSubscription();
  const read = useCallback(() => snapshotOf(cache), [cache]);
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
