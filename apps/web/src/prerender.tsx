import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppProviders } from './app/app-providers';
import { NONCE_PLACEHOLDER } from './app/csp-nonce';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

/**
 * A page of the panel as static HTML, made at build time (scripts/prerender.mjs) for the sign-in
 * page: the browser paints it as soon as the HTML and the first stylesheet arrive, before any of
 * the panel's scripts; the panel then renders over it (app/start.tsx waits for the route, so the page
 * never blanks in between).
 */

/** The page at `url` as a visitor without a session first sees it: route loaded, no data fetched. */
export async function renderPage(url: string): Promise<string> {
  const queryClient = createQueryClient({ onAccessRefused: async () => {} });
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  return renderToString(
    <AppProviders queryClient={queryClient} styleNonce={NONCE_PLACEHOLDER}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const decodeEntities = (text: string) =>
  text.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);

/**
 * The page as a snapshot to put inside #root:
 * - inert and hidden from assistive technology, its inputs read-only: nothing typed or pressed
 *   before the panel takes over is lost (the panel's own form replaces it), and what it cannot know
 *   yet (say, whether the dark theme is on) is never announced;
 * - hidden when this browser holds a session (public/first-paint.js marks the page; the panel
 *   sends a signed-in admin on);
 * - without the router's scroll-restoration script (for hydration; the panel renders anew);
 * - each style attribute a rule in a style element with the response's nonce, since the
 *   Content-Security-Policy refuses style attributes.
 */
export function toSnapshot(html: string): string {
  const ids = new Map<string, number>();
  const body = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/ style="([^"]*)"/g, (_match, declarations: string) => {
      const css = decodeEntities(declarations);
      if (!ids.has(css)) ids.set(css, ids.size);
      return ` data-prerender-style="${ids.get(css)}"`;
    })
    .replace(/<input /g, '<input readonly="" ');
  const rules = [
    ':root[data-signed-in] [data-prerender]{display:none}',
    ...[...ids].map(([css, id]) => `#root [data-prerender-style="${id}"]{${css}}`),
  ];
  return `<div data-prerender inert aria-hidden="true"><style nonce="${NONCE_PLACEHOLDER}">${rules.join('\n')}</style>${body}</div>`;
}
