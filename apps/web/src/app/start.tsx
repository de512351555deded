// The panel's start (main.tsx imports it once the page has painted).
import { RouterProvider } from '@tanstack/react-router';
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '../lib/api-client';
import { waitForFirstRender, whenIdle } from '../lib/use-when-idle';
import { loadZod } from '../lib/zod-loader';
import { AppProviders } from './app-providers';
import { readCspNonce } from './csp-nonce';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const styleNonce = readCspNonce();
// Modals lock scrolling with a style tag of their own (react-remove-scroll); it takes its nonce here.
if (styleNonce) setNonce(styleNonce);

// A task of its own for the router's work (its creation, the route's guards and search schema):
// the modules above were evaluated in one task, and a phone's longest task is what blocks it.
await new Promise((resolve) => setTimeout(resolve, 0));

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

// The first render waits for the route (its code and guards): the sign-in page's prerendered
// snapshot (scripts/prerender.mjs) stays on screen until the page replaces it in one commit. It is
// a transition, so React renders it in slices and a slow phone's main thread stays responsive.
// What waits for idle (zod below, the realtime connection, the popups' code) waits for its commit.
let committed = () => {};
waitForFirstRender(
  new Promise<void>((resolve) => {
    committed = resolve;
  }),
);
function FirstCommit() {
  useEffect(committed, []);
  return null;
}
const render = () =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient} styleNonce={styleNonce}>
          <RouterProvider router={router} />
          <FirstCommit />
        </AppProviders>
      </StrictMode>,
    ),
  );
// And a task of its own for the route's load (its guards, its search, its code and data under way):
// the router's creation and the load in one task were one of a phone's longest (19-44 ms here).
await new Promise((resolve) => setTimeout(resolve, 0));
void router.load().then(render, render);

// zod is not among the start's files (lib/zod-loader.ts): it comes once the first screen is done,
// before a form, a detail page or the sign-in's answer needs it.
whenIdle(() => {
  // A file that did not come is asked for again by what needs it.
  loadZod().catch(() => {});
});
