import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { CACHE_MAX_AGE_MS } from './query-client';

/** Bump when the shape of cached pages changes: an old cache is then dropped instead of misread. */
const CACHE_VERSION = 'creditscope-cache-v1';

/** IndexedDB, not localStorage: a long timeline with its pages is larger than localStorage's 5 MB. */
export const persister = createAsyncStoragePersister({
  storage: { getItem: get, setItem: set, removeItem: del },
  key: CACHE_VERSION,
  throttleTime: 500,
});

export const persistOptions = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: CACHE_VERSION,
  dehydrateOptions: {
    // Only bought data is worth keeping; the live ledger is re-read from the server instead.
    shouldDehydrateQuery: (query: Query) => defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
  },
};
