import { localStore } from '../../lib/local-store';
import { parseRecent, RECENT_KEY, serializeRecent, withRecent, type RecentSearch } from './recent';

const recent = localStore<RecentSearch[]>(RECENT_KEY, parseRecent, (list) =>
  list.length === 0 ? null : serializeRecent(list),
);
const clear = () => recent.set([]);

export function rememberSearch(entry: RecentSearch) {
  recent.set(withRecent(recent.get(), entry));
}

/** The last searches from localStorage (another tab's included), with Clear. */
export function useRecentSearches() {
  return { list: recent.useValue(), clear };
}
