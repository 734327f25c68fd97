import { defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query';
import { createStore, entries, promisifyRequest, type UseStore } from 'idb-keyval';
import { CACHE_MAX_AGE_MS } from './cache-age';
import { restoredInThisBrowser } from '../api/purchase/origin';
import { createIncrementalPersister, type RecordStore } from '../lib/incremental-persister';

/** Bump when the shape of cached pages changes: an old cache is then dropped instead of misread. */
const CACHE_VERSION = 'creditscope-cache-v2';

/**
 * IndexedDB (a long timeline outgrows localStorage's 5 MB), written as soon as anything changes:
 * a throttled write can lose a page bought just before the tab navigates or closes, and that page
 * would then be bought again. Each write stores only what changed (src/lib/incremental-persister.ts),
 * so a new page costs the same at the thousandth post as at the first. idb-keyval's own database, where
 * the whole cache used to be one record under CACHE_VERSION (read once, then replaced).
 */
function indexedDbRecords(): RecordStore {
  let opened: UseStore | null = null;
  const inStore: UseStore = (mode, callback) => (opened ??= createStore('keyval-store', 'keyval'))(mode, callback);
  return {
    commit: (puts, deletes) =>
      inStore('readwrite', (store) => {
        for (const [key, value] of puts) store.put(value, key);
        for (const key of deletes) store.delete(key);
        return promisifyRequest(store.transaction);
      }),
    entries: () => entries(inStore),
  };
}

export const persister = createIncrementalPersister(indexedDbRecords(), `${CACHE_VERSION}/`, CACHE_VERSION);

export const persistOptions = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: CACHE_VERSION,
  dehydrateOptions: {
    // Only bought data is worth keeping; the live ledger is re-read from the server instead.
    shouldDehydrateQuery: (query: Query) => defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
  },
  // The one persisted record of what was bought: in a later document its pages are this browser's copies.
  hydrateOptions: { defaultOptions: { deserializeData: restoredInThisBrowser } },
};
