import type { AppRouterContext } from '../app/router-context';
import type { SearchParams } from './keys';
import { renderedAnswer } from './purchase/purchaser';
import { searchPageOf, searchQueryOptions } from './search';

/** The /search route's loader (src/routes/search.tsx), as src/api/server-timeline-page.ts is the timeline's. */
export function loadServerSearch({ queryClient, serverFirstPage: first }: AppRouterContext): void {
  if (!import.meta.env.SSR || first?.operation !== 'search') return;
  const { queryKey } = searchQueryOptions(first.params as unknown as SearchParams);
  queryClient.setQueryData(queryKey, searchPageOf(renderedAnswer(first.answer)));
}
