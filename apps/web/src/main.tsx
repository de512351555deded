import './app/first-screen.css';
import '@mantine/notifications/styles.layer.css';
import { RouterProvider } from '@tanstack/react-router';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/app-providers';
import { readCspNonce } from './app/csp-nonce';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { configureApiClient } from './lib/api-client';

const styleNonce = readCspNonce();
// Modals lock scrolling with a style tag of their own (react-remove-scroll); it takes its nonce here.
if (styleNonce) setNonce(styleNonce);

const queryClient = createQueryClient({ onAccessRefused: () => router.navigate({ to: '/' }) });
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
    <AppProviders queryClient={queryClient} styleNonce={styleNonce}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
