import { useCallback, useSyncExternalStore } from 'react';
import { parseRecent, RECENT_KEY, serializeRecent, withRecent, type RecentSearch } from './recent';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
const EMPTY: RecentSearch[] = [];
let cachedList: RecentSearch[] = EMPTY;

function readRaw(): string | null {
  try { return window.localStorage.getItem(RECENT_KEY); } catch { return null; }
}

/** Parsed once per stored string, so React sees the same array until the list really changes. */
function snapshot(): RecentSearch[] {
  const raw = readRaw();
  if (raw !== cachedRaw) { cachedRaw = raw; cachedList = parseRecent(raw); }
  return cachedList;
}

function write(list: RecentSearch[]) {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_KEY);
    else window.localStorage.setItem(RECENT_KEY, serializeRecent(list));
  } catch { /* storage full or disabled: the list just is not kept */ }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's searches show up here too.
  const onStorage = (event: StorageEvent) => { if (event.key === RECENT_KEY || event.key === null) listener(); };
  window.addEventListener('storage', onStorage);
  return () => { listeners.delete(listener); window.removeEventListener('storage', onStorage); };
}

export function rememberSearch(entry: RecentSearch) {
  write(withRecent(snapshot(), entry));
}

/** The last searches from localStorage, with Clear. */
export function useRecentSearches() {
  const list = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const clear = useCallback(() => write([]), []);
  return { list, clear };
}
