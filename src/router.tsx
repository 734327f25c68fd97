import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { parseSearch, stringifySearch } from './lib/search-params';
import { routeTree } from './routeTree.gen';

/**
 * The app's router, in the browser and on the server. `serverNonce` is given when the server renders with it
 * (src/entry-server.tsx): the router's own inline scripts (its dehydrated state) carry the request's CSP nonce.
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, serverNonce?: string) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: false,
    // On a server the router would write its scroll restoration as one more inline script, absent from the
    // browser's render: the browser restores scroll itself.
    scrollRestoration: serverNonce === undefined,
    ...(serverNonce === undefined ? {} : { ssr: { nonce: serverNonce } }),
    parseSearch,
    stringifySearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
