import { useIgnoredParams as useIgnored } from '../../components/ignored-params';
import { SEARCH_ADDRESS, type SearchRouteParams } from './params';

/** What the search address asked for that the page could not use (the shared rule, with the search page's address). */
export function useIgnoredParams(search: SearchRouteParams) {
  return useIgnored(SEARCH_ADDRESS, search);
}
