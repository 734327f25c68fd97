import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { parseSearch, stringifySearch } from './lib/search-params';
import type { LookupAnswer } from './contract/lookup';
import type { ServerPage } from './contract/render';
import { routeTree } from './routeTree.gen';

/** What the server renders a request with (src/entry-server.tsx). */
export interface ServerRendering {
  /** The request's CSP nonce: the router's own inline scripts (its dehydrated state) carry it. */
  nonce: string;
  /** The first page the server has for this request, for the route's loader (src/app/router-context.ts). */
  firstPage: ServerPage | null;
  /** The archive's answer for the pages the first screen prices, for the route's loader (src/api/server-prices.ts). */
  prices: LookupAnswer | null;
}

/** The app's router, in the browser and on the server (`server` given when the server renders with it). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, server?: ServerRendering) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, serverFirstPage: server?.firstPage ?? null, serverPrices: server?.prices ?? null },
    defaultPreload: false,
    // On a server the router would write its scroll restoration as one more inline script, absent from the
    // browser's render: the browser restores scroll itself.
    scrollRestoration: server === undefined,
    ...(server === undefined ? {} : { ssr: { nonce: server.nonce } }),
    parseSearch,
    stringifySearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
