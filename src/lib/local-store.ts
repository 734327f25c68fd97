import { useSyncExternalStore } from 'react';

/**
 * One value kept under one localStorage key, for React: the same snapshot until the stored text changes (so
 * useSyncExternalStore sees a stable value), changes from this tab and from others (the storage event) seen at
 * once, and storage that is blocked or full survived rather than thrown. `serialize` returning null removes the key.
 */
export function localStore<T>(key: string, parse: (raw: string | null) => T, serialize: (value: T) => string | null) {
  const listeners = new Set<() => void>();
  const empty = parse(null);
  let cachedRaw: string | null | undefined;
  let cached = empty;

  const get = (): T => {
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      raw = null;
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parse(raw);
    }
    return cached;
  };

  const set = (value: T) => {
    const text = serialize(value);
    try {
      if (text === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, text);
    } catch {
      /* storage full or disabled: the value is simply not kept */
    }
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  const useValue = () => useSyncExternalStore(subscribe, get, () => empty);
  return { get, set, useValue };
}
