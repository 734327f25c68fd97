/**
 * The server's way into the app (built with `vite build --ssr`, loaded by server/http/render.ts): the
 * same router, routes and components as src/main.tsx, rendered by TanStack Router's own server rendering
 * (`createRequestHandler` + `renderRouterToStream`), streamed, with the query cache dehydrated into the page
 * by `@tanstack/react-router-ssr-query`. Node only; nothing here runs in the browser.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, Scripts } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { InlinedPage } from './api/early/server-answer';
import {
  OPENING_CALL_ATTRIBUTE,
  OPENING_CREDITS_ATTRIBUTE,
  OPENING_PURCHASE_ATTRIBUTE,
  SERVER_PAGE_ID,
} from './api/early/server-page-markers';
import { purchaseKey } from './contract/identity';
import { seedServerPage } from './api/server-page';
import { seedMeter } from './api/session';
import { targetOf } from './features/timeline/params';
import type { TimelineSearch } from './features/timeline/route-schema';
import { toApiParams } from './features/search/params';
import type { SearchRouteParams } from './features/search/route-schema';
import { HOLD_CLICKS_SCRIPT } from './lib/held-clicks-script';
import { shareEqualValues } from './lib/share-equal-values';
import { RenderedDateStyleProvider } from './lib/use-date-style';
import type { PageAssets, PagePlan, RenderOptions, ServerEntry } from './contract/render';
import { createAppRouter } from './router';

/** The routes the server renders; every other address is the SPA's. */
const RENDERED_ROUTES = new Set(['/timeline', '/search']);

function planPage(href: string): PagePlan {
  const router = createAppRouter(new QueryClient(), createMemoryHistory({ initialEntries: [href] }));
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
 * A script element with the page's own source text: the app's scripts, or JSON escaped so that nothing in it
 * can end the element (escapeJson). React would escape a child's text, which a script does not unescape.
 */
function InlineScript({ source, ...attributes }: { source: string; nonce?: string; type?: string; id?: string }) {
  // eslint-disable-next-line no-restricted-syntax -- the app's own script text, or escapeJson's output
  return <script {...attributes} dangerouslySetInnerHTML={{ __html: source }} />;
}

/**
 * The whole document: index.html's head (the same tags), the app in #root (the only part the browser hydrates
 * or renders) and the script that asks for the app once the page has painted. No early-fetch script: the server
 * has answered this page's first purchase already.
 */
function Document({
  assets,
  nonce,
  root,
  children,
  data,
}: {
  assets: PageAssets;
  nonce: string;
  /** #root's attributes. */
  root: Record<string, string>;
  children?: ReactNode;
  /** JSON beside the app (not a script: the policy needs no source for it). */
  data?: { id: string; json: string };
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="color-scheme" content="light dark" />
        <meta name="referrer" content="no-referrer" />
        {/* Where TanStack Router's client reads the nonce for scripts it adds after hydration. */}
        <meta property="csp-nonce" content={nonce} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>creditscope</title>
        {assets.styleSheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {/* Clicks before React runs the page are held and replayed (src/lib/held-clicks.ts). */}
        <InlineScript nonce={nonce} source={HOLD_CLICKS_SCRIPT} />
      </head>
      <body className="bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <div id="root" {...root}>
          {children}
        </div>
        {data && <InlineScript type="application/json" id={data.id} source={data.json} />}
        <InlineScript nonce={nonce} source={assets.script} />
      </body>
    </html>
  );
}

/** A rendered root names what the browser hydrates with: the date style, the opening purchase and whether it was paid now. */
function renderedRoot({ dates, page }: RenderOptions): Record<string, string> {
  return {
    'data-server-rendered': '',
    'data-time-zone': dates.timeZone,
    'data-locale': dates.locale,
    'data-now': String(dates.now),
    ...(page ? { [OPENING_PURCHASE_ATTRIBUTE]: purchaseKey(page.operation, page.params) } : {}),
    // Bought for this navigation (not the archive's copy): the browser tells its meter and other tabs.
    ...(page && !page.answer.fromArchive && page.answer.callId
      ? { [OPENING_CALL_ATTRIBUTE]: page.answer.callId, [OPENING_CREDITS_ATTRIBUTE]: page.answer.credits }
      : {}),
  };
}

function escapeJson(value: unknown): string {
  // Inside <script type="application/json"> only `</script` and `<!--` could end it early; `<` never appears raw.
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The app's page, unrendered, with the server's answer for its first page beside it (not found, refused,
 * failed): the browser reads that answer as if it had asked (src/api/early/server-answer.ts), never asking twice.
 */
function answerPage(inlined: InlinedPage, nonce: string, assets: PageAssets): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <Document assets={assets} nonce={nonce} root={{}} data={{ id: SERVER_PAGE_ID, json: escapeJson(inlined) }} />,
  )}`;
}

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

/** Where the app goes in the document: the document is written around the app's own stream. */
const APP_SLOT = 'creditscope-app-slot';

/**
 * The document around the app, as the text before and after #root's content. The app is a React root of its
 * own, as in the browser (which hydrates #root only), so the ids React gives its elements match the browser's.
 */
function documentAround(options: RenderOptions): { before: string; after: string } {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    <Document assets={options.assets} nonce={options.nonce} root={renderedRoot(options)}>
      {APP_SLOT}
    </Document>,
  )}`;
  const at = html.indexOf(APP_SLOT);
  return { before: html.slice(0, at), after: html.slice(at + APP_SLOT.length) };
}

/** The document's text, the app's stream inside it. */
function streamInside({ before, after }: { before: string; after: string }, app: ReadableStream<Uint8Array>) {
  const encoder = new TextEncoder();
  const reader = app.getReader();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(before));
        return;
      }
      const { done, value } = await reader.read();
      if (!done) {
        controller.enqueue(value);
        return;
      }
      controller.enqueue(encoder.encode(after));
      controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Renders the page for `options.request` with the first page and the meter in its query cache, streamed as
 * React writes it (the posts first, the dehydrated cache after them). Null when the router would not render
 * this address as it is (a value its schema drops redirects to the cleaned address, an unknown route): the
 * browser's router handles that, as without server rendering.
 */
async function renderPage(options: RenderOptions): Promise<Response | null> {
  // Nothing is fetched while rendering on a server; these defaults only keep the cache from timing out mid-render.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seedMeter(queryClient, options.meter);
  if (options.page) await seedServerPage(queryClient, options.page.operation, options.page.params, options.page.answer);
  let rendered = false;
  const response = await createRequestHandler({
    request: options.request,
    createRouter: () => {
      const router = createAppRouter(queryClient, undefined, options.nonce);
      // Each repeated value (a post's author) is written once in the page, then referred to.
      router.update({ ...router.options, InnerWrap: WithRouterScripts });
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

export default { planPage, renderPage, answerPage } satisfies ServerEntry;
