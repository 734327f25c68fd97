import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';
import { CACHE_MAX_AGE_MS } from './cache-age';

const MAX_RETRIES = 2;

export function retryDelayFor(attempt: number, error: unknown): number {
  // Honour the upstream's Retry-After, capped so a broken header cannot freeze the page.
  if (error instanceof ApiError && error.retryAfter !== null) return Math.min(error.retryAfter, 60) * 1000;
  return Math.min(1000 * 2 ** attempt, 8000);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Bought data never goes stale by itself: every refetch costs credits, so only an explicit Refresh buys again.
        staleTime: Infinity,
        // Kept as long as the persisted copy, so a reload can restore what was bought without re-buying it.
        gcTime: CACHE_MAX_AGE_MS,
        // Focus, mount and reconnect must not silently re-buy pages.
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        // Retried unasked only when the creditscope server was never reached: it retries upstream what is
        // safe itself, and anything it answered may have cost credits (a person retries at a shown price).
        retry: (failureCount, error) => error instanceof ApiError && error.autoRetryable && failureCount < MAX_RETRIES,
        retryDelay: retryDelayFor,
      },
    },
  });
}
