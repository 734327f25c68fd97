import { apiFetch } from './client';

/**
 * The navigation's count of unseen watch items: read on every page, so kept apart from the watches' API and
 * schemas (src/api/watches.ts), which only the Watches page loads. Anything unexpected reads as 0.
 */
export const watchesNewCountKey = ['watches', 'new', 'count'] as const;

/** Watches run on the server, out of this tab's sight: new items show up in the count within this long. */
export const NEW_COUNT_POLL_MS = 15_000;

export async function fetchNewCount(signal?: AbortSignal): Promise<number> {
  const count = ((await apiFetch('/api/_watches/new', { signal })).json as { count?: unknown } | null)?.count;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0;
}
