import { readStoredRecord } from './stored-record';

/**
 * Which first timeline pages are bought and persisted, by canonical request path. It lives in
 * localStorage because the early fetch must decide synchronously, before IndexedDB can be read.
 * Imported by the app and by the early-fetch script the build inlines into index.html.
 */
export const BOUGHT_FIRST_PAGES = 'creditscope-bought-first-pages';
const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP = 200;

const read = () => readStoredRecord<number>(BOUGHT_FIRST_PAGES);

export function isFirstPageBought(path: string, now = Date.now(), maxAgeMs = DAY_MS): boolean {
  const at = read()[path];
  return typeof at === 'number' && now - at < maxAgeMs;
}

export function rememberFirstPageBought(path: string, now = Date.now(), maxAgeMs = DAY_MS) {
  try {
    const fresh = Object.entries(read())
      .filter(([, at]) => now - at < maxAgeMs)
      .slice(-KEEP);
    localStorage.setItem(BOUGHT_FIRST_PAGES, JSON.stringify({ ...Object.fromEntries(fresh), [path]: now }));
  } catch {
    // Storage full or blocked: the early fetch then simply never runs.
  }
}
