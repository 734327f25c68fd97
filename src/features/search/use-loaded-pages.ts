import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQueryCacheSubscription } from '../../api/use-query-cache-subscription';
import { canonicalSearch, type CanonicalSearch } from '../../contract/identity';
import { searchKeys, type SearchParams } from '../../api/keys';
import type { SearchPage } from '../../contract/upstream/types';
import type { LoadedPage } from './export';

/** The search without its page: what every page of one search shares. */
function sameSearch(a: CanonicalSearch, b: CanonicalSearch): boolean {
  return a.q === b.q && a.num === b.num && a.site === b.site && a.hl === b.hl;
}

/**
 * Every page of this search the query cache holds (bought now, earlier or served from the archive), in page
 * order: what "loaded results" means for a search, as the loaded posts are for a timeline. Reading the cache
 * never starts a fetch.
 */
export function useLoadedPages(params: SearchParams): LoadedPage[] {
  const { cache, subscribe } = useQueryCacheSubscription();
  const wanted = JSON.stringify(canonicalSearch({ ...params }));
  const collect = useCallback(() => {
    const search = JSON.parse(wanted) as CanonicalSearch;
    const pages: LoadedPage[] = [];
    for (const query of cache.findAll({ queryKey: searchKeys.all })) {
      const key = query.queryKey[1] as CanonicalSearch | undefined;
      const data = query.state.data as SearchPage | undefined;
      if (key && data && sameSearch(key, search)) pages.push({ search: key, data });
    }
    return pages.sort((a, b) => Number(a.search.page) - Number(b.search.page));
  }, [cache, wanted]);
  // A text snapshot, so React re-renders only when a page of this search arrives, changes or goes.
  const signature = useSyncExternalStore(
    subscribe,
    () =>
      collect()
        .map((page) => `${page.search.page}:${page.data.boughtAt}`)
        .join(','),
    () => '',
  );
  return useMemo(() => (signature ? collect() : []), [collect, signature]);
}
