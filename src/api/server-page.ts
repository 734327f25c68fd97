import type { QueryClient } from '@tanstack/react-query';
import type { PaidResponse } from './client';
import type { PaidOperation } from '../contract/identity';
import { withServerAnswer } from './purchase/purchaser';
import { prefetchServerSearch } from './server-search-page';
import { prefetchServerTimeline } from './server-timeline-page';

/**
 * Server: the first page of a timeline or search into a per-request cache, through the query's own
 * function, which the purchaser hands this answer (origin "rendered by the server") while the prefetch
 * starts; a query function that missed it fails without sending (nothing is bought while rendering). The page
 * then carries that cache dehydrated (src/entry-server.tsx).
 */
export async function seedServerPage(
  queryClient: QueryClient,
  operation: PaidOperation,
  params: Record<string, unknown>,
  answer: PaidResponse,
): Promise<void> {
  await withServerAnswer({ operation, params }, answer, () =>
    operation === 'search' ? prefetchServerSearch(queryClient, params) : prefetchServerTimeline(queryClient, params),
  );
}
