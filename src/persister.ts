import { defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { CACHE_MAX_AGE_MS } from './cache-age';

/** Bump when the shape of cached pages changes: an old cache is then dropped instead of misread. */
const CACHE_VERSION = 'creditscope-cache-v2';

/**
 * IndexedDB (a long timeline outgrows localStorage's 5 MB), written as soon as anything changes:
 * a throttled write can lose a page bought just before the tab navigates or closes, and that page
 * would then be bought again. At most one write runs at a time; changes meanwhile collapse into
 * the next one, so the newest state is always on its way to disk.
 */
function createIndexedDbPersister(key: string): Persister {
  let writing: Promise<void> | null = null;
  let pending: PersistedClient | null = null;

  async function drain() {
    while (pending) {
      const next = pending;
      pending = null;
      await set(key, next).catch(() => {
        // Quota or a blocked database: the app keeps working, it only forgets purchases on reload.
      });
    }
    writing = null;
  }

  return {
    persistClient: (client) => {
      pending = client;
      writing ??= drain();
      return writing;
    },
    restoreClient: () => get<PersistedClient>(key),
    removeClient: () => del(key),
  };
}

export const persister = createIndexedDbPersister(CACHE_VERSION);

export const persistOptions = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: CACHE_VERSION,
  dehydrateOptions: {
    // Only bought data is worth keeping; the live ledger is re-read from the server instead.
    shouldDehydrateQuery: (query: Query) => defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
  },
};
