import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../app/app-providers';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { configureApiClient } from '../lib/api-client';

/** Renders the whole app (real routes, providers and API client) at `url`. */
export function renderApp(url: string) {
  const queryClient = createQueryClient({
    onAccessRefused: () => router.navigate({ to: '/' }),
    retryDelay: 0,
  });
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [url] }) });
  configureApiClient({ onSessionEnded: () => void router.navigate({ to: '/' }) });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
