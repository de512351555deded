import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
const API_PREFIXES = [
  '/admin/',
  '/auth/',
  '/uploads/',
  '/socket.io',
  '/docs',
  '/openapi.json',
  '/healthz',
  '/readyz',
];

/**
 * Serves the built panel: hashed assets with long caching, compressed as the browser accepts, and index.html (with this response's
 * style nonce) for every other GET that is not an API path, so client-side routes load directly.
 * `/`, the sign-in page, gets sign-in.html instead when the build wrote it: the same page with
 * the sign-in page prerendered inside (apps/web/scripts/prerender.mjs).
 */
export default fp(
  async function panelPlugin(app: FastifyInstance, options: { distDir: string }) {
    const indexFile = path.join(options.distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn(`panel not built (${indexFile} missing): run npm run build`);
      return;
    }
    const indexHtml = readFileSync(indexFile, 'utf8');
    const signInFile = path.join(options.distDir, 'sign-in.html');
    const signInHtml = existsSync(signInFile) ? readFileSync(signInFile, 'utf8') : indexHtml;
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz copies of each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const url = request.url.split('?')[0]!;
      const isPanelRoute =
        !path.extname(url) && !API_PREFIXES.some((prefix) => url === prefix || url.startsWith(prefix));
      if (!isPanelRoute) return;
      const nonce = reply.useStyleNonce();
      const html = url === '/' ? signInHtml : indexHtml;
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html.replace(NONCE_PLACEHOLDER, nonce));
    });
  },
  { name: 'panel', dependencies: ['security'] },
);
