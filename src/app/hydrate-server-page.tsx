import type { QueryClient } from '@tanstack/react-query';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { adoptRenderedPage } from '../api/early/server-answer';
import type { createAppRouter } from '../router';

/**
 * The browser's side of src/entry-server.tsx's `WithRouterScripts`: the app, then an empty place where the server
 * wrote the router's scripts (they removed themselves as the page loaded). The same two children on both sides,
 * so the ids React gives elements (useId: a popover's target, a label's control) are the same on both.
 */
function WithRouterScriptsGone({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      {null}
    </>
  );
}

/**
 * A page the server rendered (src/entry-server.tsx): TanStack Router hydrates its state and the query cache
 * dehydrated into the page (the first page, the meter), so the first render is the server's HTML, with nothing
 * asked again. Loaded only by such a page: one the browser renders itself carries none of this code.
 */
export function hydrateServerPage(
  root: HTMLElement,
  router: ReturnType<typeof createAppRouter>,
  queryClient: QueryClient,
  app: (routerElement: ReactNode) => ReactNode,
) {
  setupRouterSsrQueryIntegration({ router, queryClient, wrapQueryClient: false });
  router.update({ ...router.options, InnerWrap: WithRouterScriptsGone });
  adoptRenderedPage(root);
  hydrateRoot(root, app(<RouterClient router={router} />));
}
