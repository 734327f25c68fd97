import { searchKeys } from '../../api/keys';
import type { SearchParams } from '../../api/search';
import { useIsBought } from '../../api/purchase/use-is-bought';

/** Whether this search's answer is in the query cache, so running it costs nothing. */
export function useIsCached(params: SearchParams | null): boolean {
  return useIsBought(params ? searchKeys.query(params) : null);
}
