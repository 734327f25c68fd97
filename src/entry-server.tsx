/**
 * The server's way into the app (built with `vite build --ssr`, loaded by server/http/render.ts): the
 * same router, routes and components as src/main.tsx, rendered by TanStack Router's own server rendering
 * (`createRequestHandler` + `renderRouterToStream`) and streamed. The first page reaches the query cache through
 * the route's loader (router context `serverFirstPage`: src/api/server-timeline-page.ts), and the cache reaches
 * the page dehydrated by `@tanstack/react-router-ssr-query`. Node only; nothing here runs in the browser.
 * The rest of the job, one file each: src/ssr/plan-page.ts (what to render), src/ssr/document.tsx (the document
 * around the app), src/ssr/stream-inside.ts (the app's stream spliced into it).
 */
import { QueryClient } from '@tanstack/react-query';
import { Scripts } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import { StrictMode, type ReactNode } from 'react';
import { seedMeter } from './api/session';
import { shareEqualValues } from './lib/share-equal-values';
import { RenderedDateStyleProvider } from './lib/use-date-style';
import type { RenderOptions, ServerEntry } from './contract/render';
import { pricedKeys } from './ssr/priced-pages';
import { createAppRouter } from './router';
import { answerBody, documentAround, pageHead } from './ssr/document';
import { planPage } from './ssr/plan-page';
import { streamInside } from './ssr/stream-inside';

/** The routes the server renders; every other address is the SPA's. */
const RENDERED_ROUTES = new Set(['/timeline', '/search']);

/**
 * The router's own scripts after the app: they write its state (the dehydrated query cache with it) and remove
 * themselves before the browser hydrates, which renders an empty place there (src/app/hydrate-server-page.tsx).
 */
function WithRouterScripts({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Scripts />
    </>
  );
}

/**
 * Renders the page for `options.request` after its head (`pageHead`, sent already) with the first page and the meter
 * in its query cache, streamed as React writes it (the posts first, the dehydrated cache after them). Null when the router would not render
 * this address as it is (a value its schema drops redirects to the cleaned address, an unknown route): the
 * browser's router handles that, as without server rendering.
 */
async function renderPage(options: RenderOptions): Promise<Response | null> {
  // Nothing is fetched while rendering on a server; these defaults only keep the cache from timing out mid-render.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seedMeter(queryClient, options.meter);
  let rendered = false;
  const response = await createRequestHandler({
    request: options.request,
    createRouter: () => {
      const router = createAppRouter(queryClient, undefined, {
        nonce: options.nonce,
        firstPage: options.page,
        prices: options.prices,
      });
      router.update({ ...router.options, InnerWrap: WithRouterScripts });
      // Each repeated value (a post's author) is written once in the page, then referred to.
      setupRouterSsrQueryIntegration({ router, queryClient, dehydrateOptions: { serializeData: shareEqualValues } });
      return router;
    },
  })(({ request, router, responseHeaders }) => {
    rendered = router.state.matches.some((match) => RENDERED_ROUTES.has(match.routeId) && match.status === 'success');
    if (!rendered) return new Response(null, { status: 204 });
    return renderRouterToStream({
      request,
      router,
      responseHeaders,
      children: (
        <StrictMode>
          <RenderedDateStyleProvider style={options.dates}>
            <RouterServer router={router} />
          </RenderedDateStyleProvider>
        </StrictMode>
      ),
    });
  });
  if (!rendered || !response.body) {
    await response.body?.cancel();
    return null;
  }
  return new Response(streamInside(documentAround(options), response.body), {
    status: response.status,
    headers: response.headers,
  });
}

export default { planPage, pageHead, pricedKeys, renderPage, answerBody } satisfies ServerEntry;
