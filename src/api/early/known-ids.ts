import { HANDLE, REST_ID } from '../identity';
import { readStoredRecord } from './stored-record';

/**
 * The same user by `rest_id` and by handle is one page identity once an answer has told us both.
 * Kept in localStorage so the early fetch (which runs before the bundle) resolves it too.
 */
const KNOWN_IDS = 'creditscope-known-ids';
const KEEP = 500;

const read = () => readStoredRecord<string>(KNOWN_IDS);

/** The lowercased handle of a user id, when a bought page has told us. */
export function handleOfId(restId: string): string | null {
  const handle = read()[restId];
  return typeof handle === 'string' && HANDLE.test(handle) && handle === handle.toLowerCase() ? handle : null;
}

export function rememberIdHandle(restId: string, handle: string) {
  const lower = handle.toLowerCase();
  if (!REST_ID.test(restId) || !HANDLE.test(lower)) return;
  try {
    const known = read();
    if (known[restId] === lower) return;
    const kept = Object.entries(known)
      .filter(([id]) => id !== restId)
      .slice(-KEEP);
    localStorage.setItem(KNOWN_IDS, JSON.stringify({ ...Object.fromEntries(kept), [restId]: lower }));
  } catch {
    // Storage blocked: the id and the handle stay two pages, each bought at most once.
  }
}
