import type { AppRouterContext } from '../app/router-context';
import type { SearchParams } from './keys';
import { renderedAnswer } from './purchase/purchaser';
import { searchOnPage, searchPageOf, searchQueryOptions } from './search';
import { seedServerPrices } from './server-prices';
import { searchPage } from './use-price';

/**
 * The /search route's loader (src/routes/search.tsx), as src/api/server-timeline-page.ts is the timeline's: the
 * first page, and the prices of the pages either side (the pager's Previous and Next).
 */
export async function loadServerSearch(context: AppRouterContext): Promise<void> {
  const { queryClient, serverFirstPage: first } = context;
  if (!import.meta.env.SSR || first?.operation !== 'search') return;
  const params = first.params as unknown as SearchParams;
  queryClient.setQueryData(searchQueryOptions(params).queryKey, searchPageOf(renderedAnswer(first.answer)));
  const page = params.page ?? 1;
  const neighbours = page > 1 ? [page - 1, page + 1] : [page + 1];
  await seedServerPrices(
    context,
    neighbours.map((other) => searchPage(searchOnPage(params, other))),
  );
}
