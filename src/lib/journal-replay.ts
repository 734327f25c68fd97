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
    try {
      return JSON.parse(text!) as [string, unknown][];
    } catch {
      return [];
    }
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
      const held = records.get(key) as QueryRecord | undefined;
      if (key === metaKey) return held ? [] : [[key, value]];
      const record = value as QueryRecord;
      const parts = key.startsWith(queryPrefix) ? partsOf(record.shape).map(partKey) : [];
      const newer = !held || held.query.state.dataUpdatedAt < record.query.state.dataUpdatedAt;
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
