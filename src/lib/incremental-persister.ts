import type { DehydratedState } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';

type DehydratedQuery = DehydratedState['queries'][number];

/** Where the records live: IndexedDB in the app (src/app/persister.ts), a Map in tests. */
export interface RecordStore {
  /** Puts and deletes in one transaction, so a query's record is never stored without the parts it lists. */
  commit(puts: [string, unknown][], deletes: string[]): Promise<void>;
  entries(): Promise<[IDBValidKey, unknown][]>;
}

/** A query's data as stored: an infinite query's pages each in a part of their own, other data in one part. */
type Shape =
  | { kind: 'pages'; pageParams: unknown[]; parts: string[] }
  | { kind: 'whole'; part: string }
  | { kind: 'inline'; value: unknown };
interface QueryRecord {
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
 */
export function createIncrementalPersister(store: RecordStore, prefix: string, legacyKey?: string): Persister {
  const metaKey = `${prefix}meta`;
  const queryKey = (hash: string) => `${prefix}query:${hash}`;
  const partKey = (id: string) => `${prefix}part:${id}`;
  let partIds = new WeakMap<object, string>();
  let stored = new Map<string, { text: string; parts: string[] }>();
  let dropLegacy = false;

  function toRecord(query: DehydratedQuery, puts: [string, unknown][], added: object[]): QueryRecord {
    const part = (value: object) => {
      let id = partIds.get(value);
      if (!id) {
        id = newId();
        partIds.set(value, id);
        added.push(value);
        puts.push([partKey(id), value]);
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

  async function write(client: PersistedClient) {
    const puts: [string, unknown][] = [];
    const added: object[] = [];
    const next = new Map<string, { text: string; parts: string[] }>();
    for (const query of client.clientState.queries) {
      const record = toRecord(query, puts, added);
      const text = signature(record);
      if (stored.get(query.queryHash)?.text !== text) puts.push([queryKey(query.queryHash), record]);
      next.set(query.queryHash, { text, parts: partsOf(record.shape) });
    }
    const listed = new Set([...next.values()].flatMap((entry) => entry.parts));
    const deletes = dropLegacy && legacyKey ? [legacyKey] : [];
    for (const [hash, before] of stored) {
      if (!next.has(hash)) deletes.push(queryKey(hash));
      for (const id of before.parts) if (!listed.has(id)) deletes.push(partKey(id));
    }
    const meta: Meta = { timestamp: client.timestamp, buster: client.buster, mutations: client.clientState.mutations };
    puts.push([metaKey, meta]);
    try {
      await store.commit(puts, deletes);
      stored = next;
      dropLegacy = false;
    } catch {
      // Quota or a blocked database: nothing of this transaction was stored, so its parts are new next time.
      // The app keeps working; it only forgets purchases on reload (the server's archive still has them).
      for (const value of added) partIds.delete(value);
    }
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
    const meta = records.get(metaKey) as Meta | undefined;
    if (!meta) {
      dropLegacy = legacyKey !== undefined && records.has(legacyKey);
      return dropLegacy ? (records.get(legacyKey!) as PersistedClient) : undefined;
    }
    const queries: DehydratedQuery[] = [];
    for (const [key, value] of records) {
      if (!key.startsWith(queryKey(''))) continue;
      const record = value as QueryRecord;
      const data = assemble(record, records);
      if (data === undefined && record.shape.kind !== 'inline') continue;
      queries.push({ ...record.query, state: { ...record.query.state, data } });
      stored.set(record.query.queryHash, { text: signature(record), parts: partsOf(record.shape) });
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
  }

  return {
    // Written as soon as anything changes, at most one write at a time; changes meanwhile collapse into the next.
    persistClient: (client) => {
      pending = client;
      writing ??= drain();
      return writing;
    },
    restoreClient: restore,
    removeClient: async () => {
      const keys = (await store.entries())
        .map(([key]) => key)
        .filter((key): key is string => typeof key === 'string' && (key.startsWith(prefix) || key === legacyKey));
      partIds = new WeakMap();
      stored = new Map();
      await store.commit([], keys).catch(() => undefined);
    },
  };
}
