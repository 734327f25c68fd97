/**
 * What a document has bought but IndexedDB does not hold yet. An IndexedDB write finishes later, and a
 * document that goes away first (an address typed, a reload, a tab closed) can take it along: that page
 * was then bought again by this browser, in this tab or another. localStorage is written at once and outlives
 * the document, so the records of such a write are kept there too until IndexedDB has them; the next document
 * to restore the cache, in any tab, puts what it finds there into IndexedDB (src/lib/incremental-persister.ts).
 */
export interface Journal {
  /** This document's entry: the records IndexedDB does not hold yet, or null once it holds them all. */
  keep(puts: [string, unknown][] | null): void;
  /** Every document's entry, this one's and those left by documents gone before their write landed. */
  entries(): JournalEntry[];
  /** An entry whose records IndexedDB now holds, dropped unless its document has replaced it since. */
  drop(entry: JournalEntry): void;
}

export interface JournalEntry {
  key: string;
  text: string | null;
  puts: [string, unknown][];
}

/** A journal in `storage` (localStorage in the app: its keys are its own properties), one entry per document. */
export function createJournal(storage: Storage, prefix: string): Journal {
  const own = prefix + Math.random().toString(36).slice(2);
  const parse = (text: string | null): [string, unknown][] => {
    try {
      return JSON.parse(text!) as [string, unknown][];
    } catch {
      return [];
    }
  };
  return {
    keep: (puts) => {
      try {
        if (puts) storage.setItem(own, JSON.stringify(puts));
        else storage.removeItem(own);
      } catch {
        // Full or blocked: the write to IndexedDB still goes ahead, as it did before there was a journal.
      }
    },
    entries: () =>
      Object.keys(storage)
        .filter((key) => key.startsWith(prefix))
        .map((key) => ({ key, text: storage.getItem(key), puts: parse(storage.getItem(key)) })),
    drop: ({ key, text }) => storage.getItem(key) === text && storage.removeItem(key),
  };
}
