import type { AppRouterContext } from '../app/router-context';
import type { ServerPage } from '../contract/render';
import { renderedAnswer } from './purchase/purchaser';
import { seedServerPrices } from './server-prices';
import { timelinePageOf, timelineQueryOptions, type TimelineData } from './timeline';

/** The server's first page as the timeline's query data; read once per answer (the entry asks, then the loader). */
const readPages = new WeakMap<ServerPage, TimelineData>();
export function serverTimelineData(first: ServerPage): TimelineData {
  let data = readPages.get(first);
  if (!data) {
    const { initialPageParam } = timelineQueryOptions({ screenName: String(first.params.screen_name) });
    data = { pages: [timelinePageOf(renderedAnswer(first.answer))], pageParams: [initialPageParam] };
    readPages.set(first, data);
  }
  return data;
}

/**
 * The /timeline route's loader (src/routes/timeline.tsx). On the server, the first page the server has for this
 * request (bought for this navigation or the archive's copy: server/http/render.ts) goes into the query cache as
 * the query function would have put it, origin and all, with the price of Load more (src/api/server-prices.ts);
 * @tanstack/react-router-ssr-query dehydrates that cache into the page, and the browser's router hydrates it
 * (src/app/hydrate-server-page.tsx), so nothing is asked again. In the browser there is no such page: the loader
 * does nothing (its body is left out of the browser's build), and the page's query buys as ever.
 */
export function loadServerTimeline(context: AppRouterContext): void {
  const { queryClient, serverFirstPage: first } = context;
  if (!import.meta.env.SSR || first?.operation !== 'timeline') return;
  const data = serverTimelineData(first);
  queryClient.setQueryData<TimelineData>(
    timelineQueryOptions({ screenName: String(first.params.screen_name) }).queryKey,
    data,
  );
  seedServerPrices(context);
}
