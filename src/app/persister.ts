import { defaultShouldDehydrateQuery, type Query, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, entries, promisifyRequest, type UseStore } from 'idb-keyval';
import { CACHE_MAX_AGE_MS } from './cache-age';
import { restoredInThisBrowser } from '../api/purchase/origin';
import { whenHydrated } from '../lib/held-clicks';
import { createIncrementalPersister, type RecordStore } from '../lib/incremental-persister';
import { createJournal } from '../lib/persist-journal';

/** Bump when the shape of cached pages changes: an old cache is then dropped instead of misread. */
const CACHE_VERSION = 'creditscope-cache-v2';

/**
 * IndexedDB (a long timeline outgrows localStorage's 5 MB), written as soon as anything changes:
 * a throttled write can lose a page bought just before the tab navigates or closes, and that page
 * would then be bought again. An IndexedDB write still lands a moment later, so what it has not written when
 * the document goes is kept in localStorage (src/lib/persist-journal.ts) for the next document. Each write
 * stores only what changed (src/lib/incremental-persister.ts), so a new page costs the same at the thousandth post as at the first. idb-keyval's own database, where
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

/** What IndexedDB does not hold yet as the document goes is kept in localStorage (src/lib/persist-journal.ts), where allowed. */
function journal() {
  try {
    return createJournal(localStorage, `${CACHE_VERSION}/journal:`);
  } catch {
    return undefined;
  }
}

const records = createIncrementalPersister(indexedDbRecords(), `${CACHE_VERSION}/`, CACHE_VERSION, journal());
// pagehide: the last moment a document runs, whether it navigates, reloads, closes or enters the back/forward cache.
if (typeof window !== 'undefined') addEventListener('pagehide', records.keepUnsaved);

/** What this browser held when the document started (its persisted pages), kept for preferThisBrowsersCopies. */
let heldAtStart: PersistedClient | undefined;

/**
 * The persisted cache is put into the query cache only once React has hydrated the server's content (at once on
 * a page the browser renders). Earlier, a copy this browser stored after the server wrote the page would replace
 * the server's before its posts hydrate, and React would find other text than the HTML's (#418): a document
 * served from the HTTP cache (back and forward, a restored or relaunched tab) carries the page as it was then,
 * and a browser whose clock runs ahead stamps its copies later than the server's.
 */
const untilHydrated = () => new Promise<void>((resolve) => whenHydrated(resolve));

export const persister: Persister = {
  ...records,
  restoreClient: async () => {
    const held = await records.restoreClient();
    await untilHydrated();
    return (heldAtStart = held);
  },
};

/**
 * A page the server rendered from its archive (free) that this browser already held: once the page has hydrated
 * (the persisted cache, restored whenever IndexedDB answers, keeps the server's newer copy), this browser's own
 * copy takes its place again, with every page of it that was bought (the server renders the first) and its
 * origin "this browser". Swapped only after React has hydrated the server's content, so it hydrates exactly
 * the HTML the server wrote (the restore itself waits for that too: `persister.restoreClient`).
 */
export function preferThisBrowsersCopies(queryClient: QueryClient) {
  whenHydrated(() => swapInThisBrowsersCopies(queryClient));
}

function swapInThisBrowsersCopies(queryClient: QueryClient) {
  const held = new Map((heldAtStart?.clientState.queries ?? []).map((query) => [query.queryHash, query]));
  if (held.size === 0) return;
  const cache = queryClient.getQueryCache();
  const preferHeld = (query: Query) => {
    const mine = held.get(query.queryHash);
    if (!mine || query.state.dataUpdatedAt <= mine.state.dataUpdatedAt || !servedFromArchive(query.state.data)) return;
    // The server renders one page; more is that page put in front of this browser's own (use-timeline.ts): kept.
    if (((query.state.data as { pages?: unknown[] }).pages?.length ?? 1) > 1) return;
    held.delete(query.queryHash);
    queryClient.setQueryData(mine.queryKey, restoredInThisBrowser(mine.state.data), {
      updatedAt: mine.state.dataUpdatedAt,
    });
  };
  cache.getAll().forEach(preferHeld);
  // The server's dehydrated page can reach the cache after the restore: it is swapped as it lands, while the page loads.
  const stop = cache.subscribe((event) => {
    if (event.type === 'added' || event.type === 'updated') preferHeld(event.query);
    if (held.size === 0) stop();
  });
  setTimeout(stop, 10_000);
}

function servedFromArchive(data: unknown): boolean {
  const first = (data as { pages?: unknown[] } | undefined)?.pages?.[0] ?? data;
  return (first as { origin?: string } | undefined)?.origin === 'archive';
}

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
