import type { QueryClient } from '@tanstack/react-query';
import type { PaidResponse } from './client';
import type { PaidOperation } from './identity';
import { keyOf } from './purchases';
import { forgetPurchase, rememberPurchase } from './recent-purchases';
import { prefetchServerSearch } from './server-search-page';
import { prefetchServerTimeline } from './server-timeline-page';

/**
 * Server: the first page of a timeline or search into a per-request cache as plain query data, made by the
 * query's own function (the same schemas and page shape the browser makes), which the page then carries
 * dehydrated (src/entry-server.tsx). The purchase module's memory is shared by every request in the server
 * process, so the answer is taken back as soon as the query function (called synchronously by the prefetch)
 * has read it; a query function that missed it fails without sending (no origin to fetch).
 */
export async function seedServerPage(
  queryClient: QueryClient,
  operation: PaidOperation,
  params: Record<string, unknown>,
  answer: PaidResponse,
): Promise<void> {
  const key = keyOf({ operation, params });
  rememberPurchase(key, answer);
  const seeded =
    operation === 'search' ? prefetchServerSearch(queryClient, params) : prefetchServerTimeline(queryClient, params);
  forgetPurchase(key);
  await seeded;
}
