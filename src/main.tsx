import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { persistOptions } from './app/persister';
import { createQueryClient } from './app/query-client';
import { allowAutoBuy } from './api/early/arrival';
import { adoptRenderedPage, adoptServerAnswer } from './api/early/server-answer';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// A server-rendered page brings its query cache (the first page, the meter) dehydrated: the router hydrates it.
setupRouterSsrQueryIntegration({ router, queryClient, wrapQueryClient: false });
// A page another site sent us to buys nothing on load; once the person navigates within the app
// (a real gesture, not the router tidying the first address), the pages they open are theirs to buy.
const firstHref = router.state.location.href;
router.subscribe('onBeforeNavigate', ({ toLocation }) => {
  if (toLocation.href !== firstHref && navigator.userActivation?.hasBeenActive !== false) allowAutoBuy();
});

const root = document.getElementById('root')!;
const app = (routerElement: ReactNode) => (
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      {routerElement}
    </PersistQueryClientProvider>
  </StrictMode>
);
if (root.hasAttribute('data-server-rendered')) {
  // The server rendered this page (src/entry-server.tsx): TanStack Router hydrates its state and query cache
  // from the page, so the first render is the server's HTML, with nothing asked again.
  adoptRenderedPage(root);
  hydrateRoot(root, app(<RouterClient router={router} />));
} else {
  // The first page the server answered without rendering it (not found, refused) is this document's answer for it.
  adoptServerAnswer();
  createRoot(root).render(app(<RouterProvider router={router} />));
}
