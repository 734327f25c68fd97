import type { AppRouterContext } from '../app/router-context';
import { renderedAnswer } from './purchase/purchaser';
import { seedServerPrices } from './server-prices';
import { nextCursorOfData, timelinePageOf, timelineQueryOptions, type TimelineData } from './timeline';
import { timelinePage } from './use-price';

/**
 * The /timeline route's loader (src/routes/timeline.tsx). On the server, the first page the server has for this
 * request (bought for this navigation or the archive's copy: server/http/render.ts) goes into the query cache as
 * the query function would have put it, origin and all, with the price of Load more (the page after it);
 * @tanstack/react-router-ssr-query dehydrates that cache into the page, and the browser's router hydrates it
 * (src/app/hydrate-server-page.tsx), so nothing is asked again. In the browser there is no such page: the loader
 * does nothing (its body is left out of the browser's build), and the page's query buys as ever.
 */
export async function loadServerTimeline(context: AppRouterContext): Promise<void> {
  const { queryClient, serverFirstPage: first } = context;
  if (!import.meta.env.SSR || first?.operation !== 'timeline') return;
  const target = { screenName: String(first.params.screen_name) };
  const options = timelineQueryOptions(target);
  const data: TimelineData = {
    pages: [timelinePageOf(renderedAnswer(first.answer))],
    pageParams: [options.initialPageParam],
  };
  queryClient.setQueryData<TimelineData>(options.queryKey, data);
  const next = nextCursorOfData(data);
  await seedServerPrices(context, next === null ? [] : [timelinePage(target, next)]);
}
