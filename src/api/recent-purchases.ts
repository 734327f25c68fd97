import type { PaidResponse } from './client';

/**
 * The answers bought in this document (kept in memory for the next asker of the same page), and the
 * last of them in this browser, written synchronously the moment they arrive. The query
 * cache reaches IndexedDB asynchronously, and a navigation right after a purchase can cut that write
 * short; this small journal bridges the gap, so the next document finds the page instead of buying it
 * again. Bounded: the newest entries within a size budget, older ones dropped first.
 */
const KEY = 'creditscope-recent-purchases';
const KEEP_IN_MEMORY = 500;
const MAX_ENTRIES = 40;
const MAX_CHARS = 1_500_000;
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Entry { answer: PaidResponse; at: number }
let entries: Map<string, Entry> | null = null;

function load(): Map<string, Entry> {
  if (entries) return entries;
  entries = new Map();
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]') as [string, Entry][];
    for (const [key, entry] of stored) if (Date.now() - entry.at < MAX_AGE_MS) entries.set(key, entry);
  } catch {
    // Unreadable or blocked storage: start empty.
  }
  return entries;
}

function save(all: Map<string, Entry>) {
  let list = [...all.entries()].slice(-MAX_ENTRIES);
  for (;;) {
    const text = JSON.stringify(list);
    if (text.length <= MAX_CHARS || list.length <= 1) {
      try { localStorage.setItem(KEY, text); return; } catch { /* over quota: drop the oldest and try again */ }
      if (list.length <= 1) return;
    }
    list = list.slice(Math.ceil(list.length / 4));
  }
}

export function recentPurchase(key: string): PaidResponse | null {
  return load().get(key)?.answer ?? null;
}

export function rememberPurchase(key: string, answer: PaidResponse) {
  const all = load();
  all.delete(key);
  all.set(key, { answer, at: Date.now() });
  if (all.size > KEEP_IN_MEMORY) all.delete(all.keys().next().value!);
  save(all);
}

export function forgetPurchase(key: string) {
  const all = load();
  if (all.delete(key)) save(all);
}
