import type { AppRouterContext } from '../app/router-context';
import type { SearchParams } from './keys';
import { renderedAnswer } from './purchase/purchaser';
import { searchPageOf, searchQueryOptions } from './search';
import { seedServerPrices } from './server-prices';

/**
 * The /search route's loader (src/routes/search.tsx), as src/api/server-timeline-page.ts is the timeline's: the
 * first page, and the prices of the pages either side (src/api/server-prices.ts).
 */
export function loadServerSearch(context: AppRouterContext): void {
  const { queryClient, serverFirstPage: first } = context;
  if (!import.meta.env.SSR || first?.operation !== 'search') return;
  const { queryKey } = searchQueryOptions(first.params as unknown as SearchParams);
  queryClient.setQueryData(queryKey, searchPageOf(renderedAnswer(first.answer)));
  seedServerPrices(context);
}
