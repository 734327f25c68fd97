/**
 * What a document has bought but IndexedDB does not hold yet. An IndexedDB write finishes later, and a
 * document that goes away first (an address typed, a reload, a tab closed) can take it along: that page
 * was then bought again by this browser, in this tab or another. localStorage is written at once and outlives
 * the document, so the records of such a write are kept there as the document goes; the next document to
 * restore the cache, in any tab, puts what it finds there into IndexedDB (./journal-replay.ts, loaded only then).
 */
export interface Journal {
  /** Where the entries live (localStorage in the app: its keys are its own properties), one per document. */
  storage: Storage;
  prefix: string;
  /** This document's entry: the records IndexedDB does not hold yet, or null once it holds them all. */
  keep(puts: [string, unknown][] | null): void;
  /** Whether any document left an entry. */
  pending(): boolean;
}

export function createJournal(storage: Storage, prefix: string): Journal {
  const own = prefix + Math.random().toString(36).slice(2);
  return {
    storage,
    prefix,
    keep: (puts) => {
      try {
        if (puts) storage.setItem(own, JSON.stringify(puts));
        else storage.removeItem(own);
      } catch {
        // Full or blocked: the write to IndexedDB still goes ahead, as it did before there was a journal.
      }
    },
    pending: () => Object.keys(storage).some((key) => key.startsWith(prefix)),
  };
}
