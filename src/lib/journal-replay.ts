import type { QueryRecord, RecordStore, Shape } from './incremental-persister';
import type { Journal } from './persist-journal';

interface Entry {
  key: string;
  text: string | null;
  puts: [string, unknown][];
}

/** Every document's entry: those left by documents gone before their write landed, and this one's. */
function entries({ storage, prefix }: Journal): Entry[] {
  const parse = (text: string | null): [string, unknown][] => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text!);
    } catch {
      return [];
    }
    // Anything but a list of [key, record] pairs (another build's entry, damaged text) replays nothing.
    return Array.isArray(parsed)
      ? parsed.filter((pair): pair is [string, unknown] => Array.isArray(pair) && typeof pair[0] === 'string')
      : [];
  };
  return Object.keys(storage)
    .filter((key) => key.startsWith(prefix))
    .map((key) => ({ key, text: storage.getItem(key), puts: parse(storage.getItem(key)) }));
}

/** An entry whose records IndexedDB now holds, dropped unless its document has replaced it since. */
function drop({ storage }: Journal, { key, text }: Entry) {
  if (storage.getItem(key) === text) storage.removeItem(key);
}

/** The cache is cleared: every entry goes with it. */
export function forgetJournal(journal: Journal) {
  entries(journal).forEach((entry) => drop(journal, entry));
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A query's record as written here: anything else kept under its key (another build's, damaged) is not replayed. */
function isQueryRecord(value: unknown): value is QueryRecord {
  if (!isObject(value) || !('query' in value) || !('shape' in value)) return false;
  const { query, shape } = value as { query: unknown; shape: unknown };
  if (!isObject(query) || !('state' in query) || !isObject(query.state) || !isObject(shape)) return false;
  const { kind, parts, part } = shape as { kind?: unknown; parts?: unknown; part?: unknown };
  if (kind === 'pages') return Array.isArray(parts) && parts.every((id) => typeof id === 'string');
  return kind === 'whole' ? typeof part === 'string' : kind === 'inline';
}

interface Replay {
  journal: Journal;
  store: RecordStore;
  /** What IndexedDB holds, by key: what is replayed is added to it, so this document restores it too. */
  records: Map<string, unknown>;
  metaKey: string;
  queryPrefix: string;
  partKey: (id: string) => string;
  partsOf: (shape: Shape) => string[];
}

/**
 * What documents kept in the journal and IndexedDB lacks (their write never landed) goes into IndexedDB, and
 * into what this document restores: a query's record where IndexedDB has none or an older one, with its parts.
 * A record whose parts are neither held nor kept is left out, so nothing is restored half.
 */
export async function replayJournal({ journal, store, records, metaKey, queryPrefix, partKey, partsOf }: Replay) {
  const left = entries(journal);
  const replay = left.flatMap(({ puts }) => {
    const kept = new Map(puts);
    return puts.flatMap(([key, value]): [string, unknown][] => {
      if (key === metaKey) return records.has(key) ? [] : [[key, value]];
      // A page goes with the query record that lists it; one IndexedDB holds already (its write landed as the
      // document went) is not written again.
      if (!key.startsWith(queryPrefix) || !isQueryRecord(value)) return [];
      const held = records.get(key);
      const parts = partsOf(value.shape).map(partKey);
      const newer = !isQueryRecord(held) || held.query.state.dataUpdatedAt < value.query.state.dataUpdatedAt;
      if (!parts.length || !newer || !parts.every((part) => records.has(part) || kept.has(part))) return [];
      return [
        ...parts.filter((part) => !records.has(part)).map((part): [string, unknown] => [part, kept.get(part)]),
        [key, value],
      ];
    });
  });
  replay.forEach(([key, value]) => records.set(key, value));
  try {
    if (replay.length) await store.commit(replay, []);
    left.forEach((entry) => drop(journal, entry));
  } catch {
    // Not written: the entries stay for the next document, and this one restores them all the same.
  }
}
