/**
 * The server's way into the app (built with `vite build --ssr`, loaded by server/http/render.ts): the
 * same router, routes and components as src/main.tsx, rendered to HTML for the first screen of a page.
 * Node only; nothing here runs in the browser.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import type { PaidResponse } from './api/client';
import type { PaidOperation } from './api/identity';
import { seedServerPage } from './api/server-page';
export { SERVER_PAGE_ID } from './api/server-page';
export { SERVER_METER_ID } from './api/session';
import { seedMeter } from './api/session';
import { targetOf } from './features/timeline/params';
import type { TimelineSearch } from './features/timeline/route-schema';
import { toApiParams } from './features/search/params';
import type { SearchRouteParams } from './features/search/route-schema';
import type { DateStyle } from './lib/date-style';
import { RenderedDateStyleProvider } from './lib/use-date-style';
import { createAppRouter } from './router';

/** The first page to render with: which purchase, and the proxy's answer as the browser would have read it. */
export interface ServerPage {
  operation: PaidOperation;
  params: Record<string, unknown>;
  answer: PaidResponse;
}

/**
 * What the server does with an address: render it with the first page of a timeline or search (bought or
 * archived), render it with no data, or leave it to the SPA.
 */
export type PagePlan =
  { kind: 'purchase'; operation: PaidOperation; params: Record<string, unknown> } | { kind: 'page' } | { kind: 'spa' };

/** The routes the server renders; every other address is the SPA's. */
const RENDERED_ROUTES = new Set(['/timeline', '/search']);

function routerAt(href: string, queryClient: QueryClient) {
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [href] }));
  // On a server the router would render its scroll restoration as an inline script (refused by the CSP,
  // and absent from the browser's render): the browser restores scroll itself.
  router.update({ ...router.options, scrollRestoration: false });
  return router;
}

/** Read with the route's own search schema, so the server buys exactly the page the component will show. */
export function planPage(href: string): PagePlan {
  const router = routerAt(href, new QueryClient());
  const match = router.matchRoutes(router.latestLocation).at(-1);
  if (match?.routeId === '/search') {
    const params = toApiParams(match.search as SearchRouteParams);
    return params.q ? { kind: 'purchase', operation: 'search', params: { ...params } } : { kind: 'page' };
  }
  if (match?.routeId !== '/timeline') return { kind: 'spa' };
  const target = targetOf(match.search as TimelineSearch);
  if (!target) return { kind: 'page' };
  // A user id is resolved to its handle in the browser's own records: the browser renders that.
  return 'screenName' in target
    ? { kind: 'purchase', operation: 'timeline', params: { screen_name: target.screenName.toLowerCase() } }
    : { kind: 'spa' };
}

/**
 * Renders the page at `href` with `page` and the `meter` (/api/_session without rows) in its cache, its dates written in `dates` (the browser's zone and locale as it reported them). Resolves once everything is rendered (no
 * Suspense fallback is streamed, so React writes no inline script the CSP would refuse; a part that
 * fails is reported to `onError` and left to the browser to render), or null when
 * the router would not render this address as it is (a value its schema drops redirects to the
 * cleaned address): the browser's router handles that, as without server rendering.
 */
export async function renderPage(
  href: string,
  page: ServerPage | null,
  dates: DateStyle,
  meter: unknown,
  onError: (error: unknown) => void,
): Promise<PipeableStream | null> {
  // Nothing is fetched while rendering on a server; these defaults only keep the cache from timing out mid-render.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seedMeter(queryClient, meter);
  if (page) await seedServerPage(queryClient, page.operation, page.params, page.answer);
  const router = routerAt(href, queryClient);
  await router.load();
  if (!router.state.matches.some((match) => RENDERED_ROUTES.has(match.routeId) && match.status === 'success'))
    return null;
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RenderedDateStyleProvider style={dates}>
            <RouterProvider router={router} />
          </RenderedDateStyleProvider>
        </QueryClientProvider>
      </StrictMode>,
      {
        onAllReady: () => resolve(stream),
        onShellError: reject,
        onError,
        // A large finished part is otherwise sent hidden, to be shown by a script: the page must read without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
  });
}
