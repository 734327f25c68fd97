import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { FEED_KEY_PATH, FEED_RESET_PATH, feedKeyAnswer } from '../contract/watch-feeds';

/** The person's private feed key (src/contract/watch-feeds.ts): free to read and to reset. */
export const feedKeyKey = ['watches', 'feed-key'] as const;

function keyOf(json: unknown): string {
  const result = v.safeParse(feedKeyAnswer, json);
  if (!result.success) throw new ApiError('invalid_response', 'The creditscope server sent an unexpected feed key');
  return result.output.key;
}

export function feedKeyQueryOptions() {
  return queryOptions({
    queryKey: feedKeyKey,
    queryFn: async ({ signal }) => keyOf((await apiFetch(FEED_KEY_PATH, { signal })).json),
    staleTime: Infinity,
    meta: { persist: false },
  });
}

/** A new key: every feed address with the old one answers 404 from now on. */
export async function resetFeedKey(): Promise<string> {
  return keyOf((await apiFetch(FEED_RESET_PATH, { method: 'POST', body: {} })).json);
}
