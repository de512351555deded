import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/app-providers';
import { readCspNonce } from './app/csp-nonce';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { configureApiClient } from './lib/api-client';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

// When a refresh fails the API client has cleared local storage; forget the cached data too.
configureApiClient({
  onSessionEnded: () => {
    void router.navigate({ to: '/' }).finally(() => queryClient.clear());
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} styleNonce={readCspNonce()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
