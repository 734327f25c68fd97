import { useIsRestoring } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryCacheSubscription } from '../../../api/use-query-cache-subscription';
import { timelineKeys } from '../../../api/keys';
import { findBoughtPost, type BoughtPost } from '../bought-post';

/** One answer per post until the cache really changes what it finds: React needs the same object back. */
const last = new Map<string, BoughtPost | null>();

function same(a: BoughtPost | null | undefined, b: BoughtPost | null): boolean {
  return a === b || (!!a && !!b && a.post === b.post && a.page === b.page && a.replyTo === b.replyTo);
}

/**
 * The post as already bought, kept current while the cache changes (a restore from IndexedDB, a purchase in
 * another view). `restoring` while the persisted cache is still being read: "not bought" is not known yet.
 */
export function useBoughtPost(handle: string, id: string): { restoring: boolean; found: BoughtPost | null } {
  const restoring = useIsRestoring();
  const { cache, subscribe } = useQueryCacheSubscription();
  const read = useCallback(() => {
    const key = `${handle}|${id}`;
    const next = findBoughtPost(cache.findAll({ queryKey: timelineKeys.all }), handle, id);
    const previous = last.get(key);
    if (previous !== undefined && same(previous, next)) return previous;
    last.set(key, next);
    return next;
  }, [cache, handle, id]);
  const found = useSyncExternalStore(subscribe, read, () => null);
  return { restoring, found };
}
