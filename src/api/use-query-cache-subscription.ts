import { notifyManager, useQueryClient, type QueryCache } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The query cache and a useSyncExternalStore subscription to all of it, told of changes the way TanStack
 * Query's own hooks are (batched, after the render that caused them). The cache calls its listeners
 * synchronously, so a query that one component creates while rendering would otherwise update another
 * component in the middle of that render (React warns, and a hydrating page re-renders more than it needs).
 */
export function useQueryCacheSubscription(): { cache: QueryCache; subscribe: (listener: () => void) => () => void } {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(notifyManager.batchCalls(listener)), [cache]);
  return { cache, subscribe };
}
