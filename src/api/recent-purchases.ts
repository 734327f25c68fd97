import type { PaidResponse } from './client';

/**
 * The answers bought in this document (kept in memory for the next asker of the same page), and the
 * last of them in this browser, written synchronously the moment they arrive. The query
 * cache reaches IndexedDB asynchronously, and a navigation right after a purchase can cut that write
 * short; this small journal bridges the gap, so the next document finds the page instead of buying it
 * again. Bounded: the newest entries within a size budget, older ones dropped first.
 *
 * One localStorage key per answer, its age and size in the key's name: a purchase writes its own answer
 * and removes what the budget drops, and nothing else is read or written (rewriting one array of the last
 * 40 answers made each page cost more as a long timeline grew). An entry is parsed only when asked for.
 */
const PREFIX = 'creditscope-purchase|';
/** Where the journal was one array of [key, { answer, at }] (moved over once, then removed). */
const LEGACY_KEY = 'creditscope-recent-purchases';
const KEEP_IN_MEMORY = 500;
export const MAX_ENTRIES = 40;
export const MAX_CHARS = 1_500_000;
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Stored {
  name: string;
  at: number;
  chars: number;
}
const inMemory = new Map<string, PaidResponse>();
let journal: Map<string, Stored> | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parseName(name: string): [string, Stored] | null {
  if (!name.startsWith(PREFIX)) return null;
  const [at, chars] = name.slice(PREFIX.length).split('|', 2);
  const key = name.slice(PREFIX.length + `${at}|${chars}|`.length);
  return key && Number(at) > 0 && Number(chars) >= 0 ? [key, { name, at: Number(at), chars: Number(chars) }] : null;
}

/** The journal's entries, oldest first, from the key names alone (other tabs' entries included). */
function scan(store: Storage): Map<string, Stored> {
  const found: [string, Stored][] = [];
  for (let i = 0; i < store.length; i++) {
    const parsed = parseName(store.key(i) ?? '');
    if (parsed) found.push(parsed);
  }
  const index = new Map<string, Stored>();
  for (const [key, entry] of found.sort(([, a], [, b]) => a.at - b.at)) {
    const older = index.get(key);
    if (older) store.removeItem(older.name);
    if (Date.now() - entry.at < MAX_AGE_MS) index.set(key, entry);
    else store.removeItem(entry.name);
  }
  return index;
}

function evictOldest(store: Storage, index: Map<string, Stored>) {
  const [key, entry] = index.entries().next().value!;
  store.removeItem(entry.name);
  index.delete(key);
}

function write(store: Storage, index: Map<string, Stored>, key: string, answer: PaidResponse, at: number) {
  const previous = index.get(key);
  if (previous) {
    store.removeItem(previous.name);
    index.delete(key);
  }
  const text = JSON.stringify(answer);
  const total = () => [...index.values()].reduce((sum, entry) => sum + entry.chars, 0);
  while (index.size > 0 && (index.size >= MAX_ENTRIES || total() + text.length > MAX_CHARS)) evictOldest(store, index);
  const entry = { name: `${PREFIX}${at}|${text.length}|${key}`, at, chars: text.length };
  for (;;) {
    try {
      store.setItem(entry.name, text);
      index.set(key, entry);
      return;
    } catch {
      /* over quota: drop the oldest and try again */
    }
    if (index.size === 0) return;
    evictOldest(store, index);
  }
}

function moveLegacy(store: Storage, index: Map<string, Stored>) {
  const legacy = store.getItem(LEGACY_KEY);
  if (legacy === null) return;
  store.removeItem(LEGACY_KEY);
  const entries = JSON.parse(legacy) as [string, { answer: PaidResponse; at: number }][];
  for (const [key, { answer, at }] of entries) if (Date.now() - at < MAX_AGE_MS) write(store, index, key, answer, at);
}

function load(store: Storage): Map<string, Stored> {
  if (journal) return journal;
  journal = scan(store);
  try {
    moveLegacy(store, journal);
  } catch {
    /* unreadable: the old journal is simply gone */
  }
  return journal;
}

export function recentPurchase(key: string): PaidResponse | null {
  const remembered = inMemory.get(key);
  if (remembered) return remembered;
  const store = storage();
  try {
    const entry = store && load(store).get(key);
    const text = entry && Date.now() - entry.at < MAX_AGE_MS ? store.getItem(entry.name) : null;
    if (text === null) return null;
    const answer = JSON.parse(text) as PaidResponse;
    inMemory.set(key, answer);
    return answer;
  } catch {
    return null; // Unreadable or blocked storage: as if never bought here.
  }
}

export function rememberPurchase(key: string, answer: PaidResponse) {
  inMemory.delete(key);
  inMemory.set(key, answer);
  if (inMemory.size > KEEP_IN_MEMORY) inMemory.delete(inMemory.keys().next().value!);
  const store = storage();
  if (!store) return;
  try {
    load(store);
    // Read again from the key names (cheap: no entry is parsed), so the budget counts other tabs' entries too.
    journal = scan(store);
    write(store, journal, key, answer, Date.now());
  } catch {
    // Blocked storage: the answer is kept in this document only.
  }
}

export function forgetPurchase(key: string) {
  inMemory.delete(key);
  const store = storage();
  try {
    const entry = store && load(store).get(key);
    if (entry) {
      store.removeItem(entry.name);
      journal!.delete(key);
    }
  } catch {
    // Blocked storage: nothing was kept there either.
  }
}
