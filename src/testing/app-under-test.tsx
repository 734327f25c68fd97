import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { configure, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../router';

// These tests wait on purchases through a real server process and stand-in: on a busy machine a first page can
// take seconds, past Testing Library's default of one second for waitFor.
configure({ asyncUtilTimeout: 10_000 });

/**
 * The app's real router, routes and query client, mounted under <StrictMode> (mount, unmount, mount)
 * at an address, as `npm run dev` runs it. Only the persister is left out: each test starts with an
 * empty browser profile.
 */
export function renderApp(address: string, queryClient: QueryClient = createQueryClient()) {
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [address] }));
  const view = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...view, router, queryClient };
}
