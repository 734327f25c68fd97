import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistOptions } from './persister';
import { createQueryClient } from './query-client';
import { allowAutoBuy } from './api/early/arrival';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>,
);
