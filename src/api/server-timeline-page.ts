import type { AppRouterContext } from '../app/router-context';
import { renderedAnswer } from './purchase/purchaser';
import { timelinePageOf, timelineQueryOptions, type TimelineData } from './timeline';

/**
 * The /timeline route's loader (src/routes/timeline.tsx). On the server, the first page the server has for this
 * request (bought for this navigation or the archive's copy: server/http/render.ts) goes into the query cache as
 * the query function would have put it, origin and all; @tanstack/react-router-ssr-query dehydrates that cache
 * into the page, and the browser's router hydrates it (src/app/hydrate-server-page.tsx), so nothing is asked again.
 * In the browser there is no such page: the loader does nothing (its body is left out of the browser's build), and
 * the page's query buys as ever.
 */
export function loadServerTimeline({ queryClient, serverFirstPage: first }: AppRouterContext): void {
  if (!import.meta.env.SSR || first?.operation !== 'timeline') return;
  const options = timelineQueryOptions({ screenName: String(first.params.screen_name) });
  queryClient.setQueryData<TimelineData>(options.queryKey, {
    pages: [timelinePageOf(renderedAnswer(first.answer))],
    pageParams: [options.initialPageParam],
  });
}
