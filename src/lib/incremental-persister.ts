import type { DehydratedState } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { Journal } from './persist-journal';

type DehydratedQuery = DehydratedState['queries'][number];

/** Where the records live: IndexedDB in the app (src/app/persister.ts), a Map in tests. */
export interface RecordStore {
  /** Puts and deletes in one transaction, so a query's record is never stored without the parts it lists. */
  commit(puts: [string, unknown][], deletes: string[]): Promise<void>;
  entries(): Promise<[IDBValidKey, unknown][]>;
}

/** A query's data as stored: an infinite query's pages each in a part of their own, other data in one part. */
export type Shape =
  | { kind: 'pages'; pageParams: unknown[]; parts: string[] }
  | { kind: 'whole'; part: string }
  | { kind: 'inline'; value: unknown };
export interface QueryRecord {
  query: DehydratedQuery;
  shape: Shape;
}
interface Meta {
  timestamp: number;
  buster: string;
  mutations: DehydratedState['mutations'];
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
const isInfinite = (data: unknown): data is { pages: object[]; pageParams: unknown[] } =>
  isObject(data) &&
  'pages' in data &&
  'pageParams' in data &&
  Array.isArray(data.pages) &&
  Array.isArray(data.pageParams) &&
  data.pages.every(isObject);
const partsOf = (shape: Shape) => (shape.kind === 'pages' ? shape.parts : shape.kind === 'whole' ? [shape.part] : []);
// Not crypto.randomUUID: it exists only in secure contexts, and the app may be served over plain HTTP.
const documentId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
let partCount = 0;
const newId = () => `${documentId}-${(partCount++).toString(36)}`;

/** What decides whether a query's record is written again: everything but its data (its parts, by id) and the clock. */
function signature(record: QueryRecord): string {
  const { dehydratedAt: _at, ...query } = record.query as DehydratedQuery & { dehydratedAt?: number };
  try {
    return JSON.stringify({ ...query, state: { ...query.state, data: undefined }, shape: record.shape });
  } catch {
    return newId();
  }
}

/**
 * TanStack Query's whole-client persister, written incrementally. The library hands over the whole
 * dehydrated cache on every change; writing it whole cloned every bought page into IndexedDB each time a
 * page arrived (a 1,000-post timeline is one infinite query), so scrolling slowed as the list grew. Here each
 * page (and each other query's data) is a record of its own, written once, and a query's own record lists
 * them; a change writes the new pages, the changed query records and a small meta record, and deletes what
 * nothing lists any more, all in one transaction. Restored pages keep their ids, so nothing is rewritten on reload.
 * With a `journal`, what IndexedDB does not hold yet when the document goes is kept there (./persist-journal.ts).
 */
export function createIncrementalPersister(
  store: RecordStore,
  prefix: string,
  legacyKey?: string,
  journal?: Journal,
): Persister & { keepUnsaved(): void } {
  const metaKey = `${prefix}meta`;
  const queryKey = (hash: string) => `${prefix}query:${hash}`;
  const partKey = (id: string) => `${prefix}part:${id}`;
  let partIds = new WeakMap<object, string>();
  /** Parts given an id that IndexedDB does not hold yet (new, or their write failed): put with the next write. */
  const unsaved = new Map<string, object>();
  let stored = new Map<string, { text: string; parts: string[] }>();
  let dropLegacy = false;

  function toRecord(query: DehydratedQuery): QueryRecord {
    const part = (value: object) => {
      let id = partIds.get(value);
      if (!id) {
        id = newId();
        partIds.set(value, id);
        unsaved.set(id, value);
      }
      return id;
    };
    const data = query.state.data;
    const shape: Shape = isInfinite(data)
      ? { kind: 'pages', pageParams: data.pageParams, parts: data.pages.map(part) }
      : isObject(data)
        ? { kind: 'whole', part: part(data) }
        : { kind: 'inline', value: data };
    return { query: { ...query, state: { ...query.state, data: undefined } }, shape };
  }

  const metaOf = (client: PersistedClient): Meta => ({
    timestamp: client.timestamp,
    buster: client.buster,
    mutations: client.clientState.mutations,
  });

  async function write(client: PersistedClient) {
    const puts: [string, unknown][] = [];
    const next = new Map<string, { text: string; parts: string[] }>();
    for (const query of client.clientState.queries) {
      const record = toRecord(query);
      const text = signature(record);
      if (stored.get(query.queryHash)?.text !== text) puts.push([queryKey(query.queryHash), record]);
      next.set(query.queryHash, { text, parts: partsOf(record.shape) });
    }
    const listed = new Set([...next.values()].flatMap((entry) => entry.parts));
    // A part no query lists any more (its query changed or went before it was written) is not written at all.
    for (const id of unsaved.keys()) if (!listed.has(id)) unsaved.delete(id);
    const written = [...unsaved];
    for (const [id, value] of written) puts.push([partKey(id), value]);
    const deletes = dropLegacy && legacyKey ? [legacyKey] : [];
    for (const [hash, before] of stored) {
      if (!next.has(hash)) deletes.push(queryKey(hash));
      for (const id of before.parts) if (!listed.has(id)) deletes.push(partKey(id));
    }
    puts.push([metaKey, metaOf(client)]);
    try {
      await store.commit(puts, deletes);
      stored = next;
      dropLegacy = false;
      for (const [id, value] of written) if (unsaved.get(id) === value) unsaved.delete(id);
    } catch {
      // Quota or a blocked database: nothing of this transaction was stored, so its parts stay unsaved and
      // are written with the next change. The app keeps working (the journal, if any, still holds them).
    }
  }

  /**
   * Called as the document goes (pagehide): the parts IndexedDB does not hold yet, the records of the queries
   * that list them and the meta go into the journal, which outlives the document. Not on every change: that would
   * serialise each page bought a second time while scrolling, for a write that almost always lands.
   */
  let latest: PersistedClient | null = null;
  let journaled = false;
  function keepUnsaved() {
    // The latest change may still wait behind a write in flight: its new parts get their ids here.
    if (!journal || !latest) return;
    const client = latest;
    const puts = client.clientState.queries.flatMap((query): [string, unknown][] => {
      const record = toRecord(query);
      const fresh = partsOf(record.shape).filter((id) => unsaved.has(id));
      return fresh.length
        ? [[queryKey(query.queryHash), record], ...fresh.map((id): [string, unknown] => [partKey(id), unsaved.get(id)])]
        : [];
    });
    if (!puts.length) return;
    journaled = true;
    journal.keep([...puts, [metaKey, metaOf(client)]]);
  }

  function assemble(record: QueryRecord, records: Map<string, unknown>): unknown {
    const { shape } = record;
    if (shape.kind === 'inline') return shape.value;
    const parts = partsOf(shape).map((id) => records.get(partKey(id)));
    if (!parts.every(isObject)) return undefined;
    partsOf(shape).forEach((id, index) => partIds.set(parts[index]!, id));
    return shape.kind === 'pages' ? { pages: parts, pageParams: shape.pageParams } : parts[0];
  }

  async function restore(): Promise<PersistedClient | undefined> {
    const records = new Map<string, unknown>();
    for (const [key, value] of await store.entries()) if (typeof key === 'string') records.set(key, value);
    // Rare (a document went before its last write landed), so its code loads only then.
    if (journal?.pending()) {
      const { replayJournal } = await import('./journal-replay');
      await replayJournal({ journal, store, records, metaKey, queryPrefix: queryKey(''), partKey, partsOf });
    }
    const meta = records.get(metaKey) as Meta | undefined;
    if (!meta) {
      dropLegacy = legacyKey !== undefined && records.has(legacyKey);
      return dropLegacy ? (records.get(legacyKey!) as PersistedClient) : undefined;
    }
    const queries: DehydratedQuery[] = [];
    for (const [key, value] of records) {
      if (!key.startsWith(queryKey(''))) continue;
      const record = value as QueryRecord;
      try {
        const data = assemble(record, records);
        if (data === undefined && record.shape.kind !== 'inline') continue;
        stored.set(record.query.queryHash, { text: signature(record), parts: partsOf(record.shape) });
        queries.push({ ...record.query, state: { ...record.query.state, data } });
      } catch {
        // Not a record as written here (damaged, or another build's): left out, and the rest of the cache restored.
      }
    }
    // Parts no query lists: a query gone before its last write, or pages of a query whose record was lost.
    const listed = new Set([...stored.values()].flatMap((entry) => entry.parts.map(partKey)));
    const orphans = [...records.keys()].filter((key) => key.startsWith(partKey('')) && !listed.has(key));
    if (orphans.length > 0) void store.commit([], orphans).catch(() => undefined);
    return { timestamp: meta.timestamp, buster: meta.buster, clientState: { queries, mutations: meta.mutations } };
  }

  let writing: Promise<void> | null = null;
  let pending: PersistedClient | null = null;
  async function drain() {
    while (pending) {
      const next = pending;
      pending = null;
      await write(next);
    }
    writing = null;
    // Back from the back/forward cache with everything written since: its entry is no longer needed.
    if (!unsaved.size && journaled) {
      journaled = false;
      journal?.keep(null);
    }
  }

  return {
    // Written as soon as anything changes, at most one write at a time; changes meanwhile collapse into the next.
    persistClient: (client) => {
      latest = pending = client;
      writing ??= drain();
      return writing;
    },
    restoreClient: restore,
    keepUnsaved,
    removeClient: async () => {
      const keys = (await store.entries())
        .map(([key]) => key)
        .filter((key): key is string => typeof key === 'string' && (key.startsWith(prefix) || key === legacyKey));
      partIds = new WeakMap();
      unsaved.clear();
      stored = new Map();
      if (journal?.pending()) (await import('./journal-replay')).forgetJournal(journal);
      await store.commit([], keys).catch(() => undefined);
    },
  };
}
