import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../router';

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
