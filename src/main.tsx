import { notifyManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistOptions, preferThisBrowsersCopies } from './app/persister';
import { oneTimerPerTask } from './app/notify-scheduler';
import { createQueryClient } from './app/query-client';
import { allowAutoBuy } from './api/purchase/arrival';
import { markRestored } from './lib/held-clicks';
import { SERVER_PAGE_ID } from './api/early/server-page-markers';
import { createAppRouter } from './router';
import './styles.css';

notifyManager.setScheduler(oneTimerPerTask());
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// A page another site sent us to buys nothing on load; once the person navigates within the app
// (a real gesture, not the router tidying the first address), the pages they open are theirs to buy.
const firstHref = router.state.location.href;
router.subscribe('onBeforeNavigate', ({ toLocation }) => {
  if (toLocation.href !== firstHref && navigator.userActivation?.hasBeenActive !== false) allowAutoBuy();
});

const root = document.getElementById('root')!;
const app = (routerElement: ReactNode) => (
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => {
        preferThisBrowsersCopies(queryClient);
        markRestored();
      }}
      onError={markRestored}
    >
      {routerElement}
    </PersistQueryClientProvider>
  </StrictMode>
);
// Not awaited at the top level: the chunk imported here imports this entry's modules, which must finish first.
if (root.hasAttribute('data-server-rendered'))
  void import('./app/hydrate-server-page').then(({ hydrateServerPage }) =>
    hydrateServerPage(root, router, queryClient, app),
  );
else {
  const render = () => createRoot(root).render(app(<RouterProvider router={router} />));
  // The first page the server answered without rendering it (not found, refused) is this document's answer for
  // it; the code that reads it loads only then.
  if (document.getElementById(SERVER_PAGE_ID))
    void import('./api/early/server-answer').then(({ adoptServerAnswer }) => {
      adoptServerAnswer();
      render();
    });
  else render();
}
