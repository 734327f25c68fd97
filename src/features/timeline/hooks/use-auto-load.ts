import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'creditscope-timeline-autoload';
const listeners = new Set<() => void>();

function read(): boolean {
  try { return localStorage.getItem(KEY) !== 'off'; } catch { return true; }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => { if (event.key === KEY) listener(); };
  window.addEventListener('storage', onStorage);
  return () => { listeners.delete(listener); window.removeEventListener('storage', onStorage); };
}

/** Whether scrolling near the end buys the next page by itself; remembered across visits and tabs. */
export function useAutoLoad(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => true);
  const set = useCallback((next: boolean) => {
    try { localStorage.setItem(KEY, next ? 'on' : 'off'); } catch { /* kept for this page only */ }
    for (const listener of listeners) listener();
  }, []);
  return [on, set];
}
