import type { QueryClient } from '@tanstack/react-query';
import { timelineQueryOptions } from './timeline';

/**
 * The first page of a server-rendered timeline, read by the query's own function from the answer the
 * purchase module holds for it (src/api/server-page.ts), so the page's query data is what the browser's own
 * purchase would have made. A module of its own: a search page loads none of it.
 */
export function prefetchServerTimeline(queryClient: QueryClient, params: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchInfiniteQuery(timelineQueryOptions({ screenName: String(params.screen_name) }));
}
