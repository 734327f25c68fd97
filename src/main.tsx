import { PersistQueryClientProvider, persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { persistOptions } from './app/persister';
import { createQueryClient } from './app/query-client';
import { allowAutoBuy } from './api/purchase/arrival';
import { adoptServerAnswer } from './api/early/server-answer';
import { SERVER_METER_ID, seedMeter } from './api/session';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// A page another site sent us to buys nothing on load; once the person navigates within the app
// (a real gesture, not the router tidying the first address), the pages they open are theirs to buy.
const firstHref = router.state.location.href;
router.subscribe('onBeforeNavigate', ({ toLocation }) => {
  if (toLocation.href !== firstHref && navigator.userActivation?.hasBeenActive !== false) allowAutoBuy();
});

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>
);

/**
 * The server rendered this page (server/http/render.ts): its first page becomes this document's purchase
 * and the route's chunk is loaded, so the first render is the server's HTML, with nothing asked again.
 * Not awaited at the top level: the chunks imported here import this entry, which must finish first.
 */
async function hydrateServerPage(first: ReturnType<typeof adoptServerAnswer>) {
  // This browser's own copy of the page (a reload), when it has one, stands before the server's archived
  // copy: the persisted cache is restored first, and the prefetch then finds the page in it.
  await persistQueryClientRestore({ queryClient, ...persistOptions }).catch(() => undefined);
  // Each page's own module: a search page loads none of the timeline's code, nor the reverse.
  const prefetched =
    first?.operation === 'search'
      ? import('./api/server-search-page').then(({ prefetchServerSearch }) =>
          prefetchServerSearch(queryClient, first.params),
        )
      : first
        ? import('./api/server-timeline-page').then(({ prefetchServerTimeline }) =>
            prefetchServerTimeline(queryClient, first.params),
          )
        : null;
  await Promise.all([prefetched, router.load()]);
  // What TanStack Router's own hydration marks: the root match then renders without the Suspense
  // boundary a server render has not got either.
  router.ssr = { manifest: undefined };
  seedMeter(queryClient, inlinedJson(SERVER_METER_ID));
  hydrateRoot(root, app);
}

function inlinedJson(id: string): unknown {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? 'null');
  } catch {
    return null;
  }
}

// Rendered or not, the first page the server asked for is this document's answer for it.
const inlined = adoptServerAnswer();
if (root.hasAttribute('data-server-rendered')) void hydrateServerPage(inlined);
else createRoot(root).render(app);
