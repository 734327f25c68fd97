import type { QueryClient } from '@tanstack/react-query';
import type { SearchParams } from './keys';
import { searchQueryOptions } from './search';

/** The first page of a server-rendered search, as src/api/server-timeline-page.ts does a timeline's. */
export function prefetchServerSearch(queryClient: QueryClient, params: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchQuery(searchQueryOptions(params as unknown as SearchParams));
}
