/** A persisted cache older than this is dropped: data a day old is worth re-buying only on request. */
export const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
