import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
} from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { createIncrementalPersister, type RecordStore } from './incremental-persister';
import { createJournal } from './persist-journal';

/** IndexedDB's part in this: values cloned on the way in and out, a transaction all or nothing. */
function memoryRecords() {
  const records = new Map<string, unknown>();
  const commits: { puts: string[]; deletes: string[]; chars: number }[] = [];
  let failNext = false;
  let neverLandNext = false;
  let landUnheardNext = false;
  const store: RecordStore = {
    commit: async (puts, deletes) => {
      if (neverLandNext) {
        // The document went away while its transaction was on its way: nothing of it lands, ever.
        neverLandNext = false;
        return new Promise<void>(() => undefined);
      }
      if (failNext) {
        failNext = false;
        throw new DOMException('full', 'QuotaExceededError');
      }
      for (const [key, value] of puts) records.set(key, structuredClone(value));
      for (const key of deletes) records.delete(key);
      commits.push({ puts: puts.map(([key]) => key), deletes, chars: JSON.stringify(puts).length });
      if (landUnheardNext) {
        // The transaction landed, but the document went before it heard so.
        landUnheardNext = false;
        return new Promise<void>(() => undefined);
      }
    },
    entries: async () => [...records].map(([key, value]) => [key, structuredClone(value)]),
  };
  return {
    store,
    records,
    commits,
    failOnce: () => {
      failNext = true;
    },
    neverLandNext: () => {
      neverLandNext = true;
    },
    landUnheardNext: () => {
      landUnheardNext = true;
    },
  };
}

/** localStorage's part: text, stored at once, shared by every document (and tab); its keys are its own properties. */
class MemoryStorage {
  [key: string]: unknown;
  getItem(key: string) {
    return typeof this[key] === 'string' ? this[key] : null;
  }
  setItem(key: string, value: string) {
    this[key] = value;
  }
  removeItem(key: string) {
    delete this[key];
  }
}

function memoryStorage() {
  const storage = new MemoryStorage();
  return {
    entries: () => Object.keys(storage).length,
    // Each document's own journal, on the storage they share.
    journal: () => createJournal(storage as unknown as Storage, 'journal:'),
  };
}

type Page = { posts: { id: string; text: string }[]; next: number };
const PREFIX = 'cache/';
const options = { maxAge: 60_000, buster: 'v1' };

/**
 * A page bought a millisecond later: which copy of a query is newer is told by its dataUpdatedAt, and two
 * changes within one millisecond would tie.
 */
async function nextPageLater(observer: { fetchNextPage(): Promise<unknown> }) {
  await new Promise((resolve) => setTimeout(resolve, 2));
  await observer.fetchNextPage();
}

/** A later document (any tab) on the same IndexedDB and localStorage: the cache it restores. */
async function nextDocument(store: RecordStore, journal: ReturnType<typeof createJournal>) {
  const queryClient = new QueryClient();
  await persistQueryClientRestore({
    queryClient,
    persister: createIncrementalPersister(store, PREFIX, undefined, journal),
    ...options,
  });
  return queryClient;
}

async function timeline(pages: number) {
  const queryClient = new QueryClient();
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: ['timeline', 'ada'],
    queryFn: ({ pageParam }): Page => ({
      posts: Array.from({ length: 20 }, (_, i) => ({ id: `${pageParam}-${i}`, text: 'x'.repeat(200) })),
      next: pageParam + 1,
    }),
    initialPageParam: 0,
    getNextPageParam: (last: Page) => last.next,
  });
  await observer.refetch();
  for (let page = 1; page < pages; page++) await observer.fetchNextPage();
  return { queryClient, observer };
}

const data = (queryClient: QueryClient) => queryClient.getQueryData<InfiniteData<Page, number>>(['timeline', 'ada']);

describe("the incremental persister, under TanStack Query's own save and restore", () => {
  it("writes a new page of a long timeline as that page, its query's record and the meta record, whatever the length", async () => {
    const { store, commits } = memoryRecords();
    const persister = createIncrementalPersister(store, PREFIX);
    const { queryClient, observer } = await timeline(1);
    await persistQueryClientSave({ queryClient, persister, ...options });
    for (let page = 2; page <= 30; page++) {
      await observer.fetchNextPage();
      await persistQueryClientSave({ queryClient, persister, ...options });
    }
    expect(data(queryClient)?.pages).toHaveLength(30);
    const second = commits[1]!;
    const thirtieth = commits.at(-1)!;
    expect(thirtieth.puts.filter((key) => key.startsWith(`${PREFIX}part:`))).toHaveLength(1);
    expect(thirtieth.puts).toHaveLength(3);
    expect(thirtieth.deletes).toEqual([]);
    // The query's record lists page ids, so it grows by one id a page; the pages themselves are not rewritten.
    expect(thirtieth.chars).toBeLessThan(second.chars + 29 * 50);
    expect(thirtieth.chars).toBeLessThan(8_000);
    observer.destroy();
  });

  it('restores the same cache after a reload, and writes nothing of it again', async () => {
    const { store, commits } = memoryRecords();
    const { queryClient } = await timeline(12);
    await persistQueryClientSave({ queryClient, persister: createIncrementalPersister(store, PREFIX), ...options });

    const reloaded = new QueryClient();
    const persister = createIncrementalPersister(store, PREFIX);
    await persistQueryClientRestore({ queryClient: reloaded, persister, ...options });
    expect(data(reloaded)).toEqual(data(queryClient));
    await persistQueryClientSave({ queryClient: reloaded, persister, ...options });
    expect(commits.at(-1)!.puts).toEqual([`${PREFIX}meta`]);
  });

  it('deletes the records of pages and queries the cache no longer holds', async () => {
    const { store, records } = memoryRecords();
    const persister = createIncrementalPersister(store, PREFIX);
    const { queryClient } = await timeline(5);
    await persistQueryClientSave({ queryClient, persister, ...options });
    expect([...records.keys()].filter((key) => key.includes('part:'))).toHaveLength(5);
    const first = data(queryClient)!;
    queryClient.setQueryData(['timeline', 'ada'], {
      pages: first.pages.slice(0, 1),
      pageParams: first.pageParams.slice(0, 1),
    });
    await persistQueryClientSave({ queryClient, persister, ...options });
    expect([...records.keys()].filter((key) => key.includes('part:'))).toHaveLength(1);
    queryClient.removeQueries();
    await persistQueryClientSave({ queryClient, persister, ...options });
    expect([...records.keys()]).toEqual([`${PREFIX}meta`]);
  });

  it('after a failed write, writes those pages again with the next change: none is lost on reload', async () => {
    const { store, failOnce } = memoryRecords();
    const persister = createIncrementalPersister(store, PREFIX);
    const { queryClient, observer } = await timeline(2);
    await persistQueryClientSave({ queryClient, persister, ...options });
    await observer.fetchNextPage();
    failOnce();
    await persistQueryClientSave({ queryClient, persister, ...options });
    await observer.fetchNextPage();
    await persistQueryClientSave({ queryClient, persister, ...options });
    observer.destroy();

    const reloaded = new QueryClient();
    await persistQueryClientRestore({
      queryClient: reloaded,
      persister: createIncrementalPersister(store, PREFIX),
      ...options,
    });
    expect(data(reloaded)?.pages).toHaveLength(4);
    expect(data(reloaded)).toEqual(data(queryClient));
  });

  it("a page whose write never landed (the document went first) is the next document's, in any tab, and written then", async () => {
    const { store, records, neverLandNext } = memoryRecords();
    const { entries, journal } = memoryStorage();
    const persister = createIncrementalPersister(store, PREFIX, undefined, journal());
    const { queryClient, observer } = await timeline(2);
    await persistQueryClientSave({ queryClient, persister, ...options });
    // A document that goes once its writes landed leaves nothing in the journal.
    persister.keepUnsaved();
    expect(entries()).toBe(0);
    await nextPageLater(observer);
    neverLandNext();
    void persistQueryClientSave({ queryClient, persister, ...options });
    // The document goes (pagehide) with its last write still on its way.
    persister.keepUnsaved();
    observer.destroy();
    expect([...records.keys()].filter((key) => key.includes('part:'))).toHaveLength(2);

    const next = await nextDocument(store, journal());
    expect(data(next)?.pages).toHaveLength(3);
    expect(data(next)).toEqual(data(queryClient));
    expect([...records.keys()].filter((key) => key.includes('part:'))).toHaveLength(3);
    expect(entries()).toBe(0);
  });

  it('a page that arrived while an earlier write was still on its way is kept too', async () => {
    const { store, neverLandNext } = memoryRecords();
    const { journal } = memoryStorage();
    const persister = createIncrementalPersister(store, PREFIX, undefined, journal());
    const { queryClient, observer } = await timeline(2);
    await persistQueryClientSave({ queryClient, persister, ...options });
    // A write with nothing new in it (a query's state changing, say) is on its way and never lands.
    neverLandNext();
    void persistQueryClientSave({ queryClient, persister, ...options });
    // The third page waits behind it; the document goes before either lands.
    await nextPageLater(observer);
    void persistQueryClientSave({ queryClient, persister, ...options });
    persister.keepUnsaved();
    observer.destroy();

    const next = await nextDocument(store, journal());
    expect(data(next)?.pages).toHaveLength(3);
  });

  it('a journal entry whose write landed after all (the document went as it finished) restores, with the rest of the cache', async () => {
    const { store, landUnheardNext } = memoryRecords();
    const { journal } = memoryStorage();
    const persister = createIncrementalPersister(store, PREFIX, undefined, journal());
    const { queryClient, observer } = await timeline(2);
    await persistQueryClientSave({ queryClient, persister, ...options });
    await nextPageLater(observer);
    landUnheardNext();
    void persistQueryClientSave({ queryClient, persister, ...options });
    // pagehide: the write is on its way, so its page goes into the journal; then it lands.
    persister.keepUnsaved();
    observer.destroy();

    const next = await nextDocument(store, journal());
    expect(data(next)?.pages).toHaveLength(3);
    expect(data(next)).toEqual(data(queryClient));
  });

  it('a damaged record or journal entry is left out, and the rest of the cache restored, not dropped', async () => {
    const { store, records } = memoryRecords();
    const storage = new MemoryStorage();
    const journal = () => createJournal(storage as unknown as Storage, 'journal:');
    const { queryClient } = await timeline(2);
    await persistQueryClientSave({ queryClient, persister: createIncrementalPersister(store, PREFIX), ...options });
    records.set(`${PREFIX}query:["damaged"]`, { query: null, shape: 'pages' });
    records.set(`${PREFIX}query:["other-build"]`, 'text');
    storage.setItem('journal:a', '{"not":"a list"}');
    storage.setItem('journal:b', JSON.stringify([[`${PREFIX}query:["x"]`, { query: {} }], [`${PREFIX}part:y`, 1], 7]));
    storage.setItem('journal:c', 'not JSON');

    const next = await nextDocument(store, journal());
    expect(data(next)).toEqual(data(queryClient));
    expect(next.getQueryCache().getAll()).toHaveLength(1);
  });

  it('a journal entry left behind never stands in for a newer copy another document wrote since', async () => {
    const { store, neverLandNext } = memoryRecords();
    const { journal } = memoryStorage();
    const gone = createIncrementalPersister(store, PREFIX, undefined, journal());
    const { queryClient, observer } = await timeline(2);
    neverLandNext();
    void persistQueryClientSave({ queryClient, persister: gone, ...options });
    gone.keepUnsaved();
    await nextPageLater(observer);
    await persistQueryClientSave({ queryClient, persister: createIncrementalPersister(store, PREFIX), ...options });
    observer.destroy();

    const next = await nextDocument(store, journal());
    expect(data(next)?.pages).toHaveLength(3);
  });

  it('reads a cache stored whole by the previous build once, then stores it in records and drops the old one', async () => {
    const { store, records } = memoryRecords();
    const { queryClient } = await timeline(3);
    const legacy: PersistedClient = {
      buster: 'v1',
      timestamp: Date.now(),
      clientState: (await import('@tanstack/react-query')).dehydrate(queryClient),
    };
    records.set('cache-whole', legacy);
    const reloaded = new QueryClient();
    const persister = createIncrementalPersister(store, PREFIX, 'cache-whole');
    await persistQueryClientRestore({ queryClient: reloaded, persister, ...options });
    expect(data(reloaded)).toEqual(data(queryClient));
    await persistQueryClientSave({ queryClient: reloaded, persister, ...options });
    expect(records.has('cache-whole')).toBe(false);
    expect([...records.keys()].filter((key) => key.includes('part:'))).toHaveLength(3);
  });
});
