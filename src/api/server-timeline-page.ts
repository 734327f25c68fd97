import type { QueryClient } from '@tanstack/react-query';
import { timelineQueryOptions } from './timeline';

/**
 * The first page of a server-rendered timeline, read by the query's own function from the answer the
 * purchase module holds for it (src/api/early/server-answer.ts in the browser, src/api/server-page.ts on
 * the server), so the first render is the server's HTML. A module of its own: a search page loads none of it.
 */
export function prefetchServerTimeline(queryClient: QueryClient, params: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchInfiniteQuery(timelineQueryOptions({ screenName: String(params.screen_name) }));
}
