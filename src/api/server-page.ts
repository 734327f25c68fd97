import type { QueryClient } from '@tanstack/react-query';
import type { PaidResponse } from './client';
import { keyOf } from './purchases';
import { forgetPurchase, rememberPurchase } from './recent-purchases';
import { timelineQueryOptions } from './timeline';

export { SERVER_PAGE_ID } from './early/server-answer';

type Handle = { screen_name: string };

/**
 * Browser: the first page of a server-rendered timeline, read by the query's own function from the answer
 * src/api/early/server-answer.ts handed to the purchase module, before hydration (so the first render is
 * the server's HTML).
 */
export async function prefetchServerPage(queryClient: QueryClient, params: Handle): Promise<void> {
  await queryClient.prefetchInfiniteQuery(timelineQueryOptions({ screenName: params.screen_name }));
}

/**
 * Server: the same path into a per-request cache. The purchase module's memory is shared by every request
 * in the server process, so the answer is taken back as soon as the query function (called synchronously
 * by the prefetch) has read it; a query function that missed it fails without sending (no origin to fetch).
 */
export async function seedServerPage(queryClient: QueryClient, params: Handle, answer: PaidResponse): Promise<void> {
  const key = keyOf({ operation: 'timeline', params });
  rememberPurchase(key, answer);
  const seeded = prefetchServerPage(queryClient, params);
  forgetPurchase(key);
  await seeded;
}
