import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serveBuiltAssets } from './built-assets';

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

const ATTRIBUTE = /([a-z-]+)(?:="([^"]*)")?/g;
const attributesOf = (tag: string) =>
  new Map([...tag.matchAll(ATTRIBUTE)].map((match) => [match[1]!, match[2] ?? '']));

/**
 * The files a page's head asks for at once (its stylesheets, module scripts and modulepreloads), as one
 * `Link` header of preloads in the head's order: the browser asks for them as the answer's headers
 * arrive, before it has parsed the page.
 */
export function preloadLinkOf(html: string): string | undefined {
  // Not what a template holds: the page adds those itself, later.
  const head = html.slice(0, html.indexOf('</head>')).replace(/<template[\s\S]*?<\/template>/g, '');
  const links: string[] = [];
  for (const [tag] of head.matchAll(/<(?:link|script)\s[^>]*>/g)) {
    const attributes = attributesOf(tag.slice(tag.indexOf(' ')));
    const rel = attributes.get('rel');
    const isModule = tag.startsWith('<script') && attributes.get('type') === 'module';
    const href = isModule ? attributes.get('src') : attributes.get('href');
    if (!href?.startsWith('/')) continue;
    const crossorigin = attributes.has('crossorigin') ? '; crossorigin' : '';
    if (isModule || rel === 'modulepreload') links.push(`<${href}>; rel=modulepreload${crossorigin}`);
    else if (rel === 'stylesheet') links.push(`<${href}>; rel=preload; as=style${crossorigin}`);
  }
  return links.length > 0 ? links.join(', ') : undefined;
}

/** The CSP hashes (`sha256-…`) of a page's inline scripts, which its policy then allows. */
export function inlineScriptHashesOf(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `sha256-${createHash('sha256').update(match[1]!).digest('base64')}`,
  );
}

/**
 * The page compressed as the browser accepts (brotli at a fast level, else gzip): it differs in
 * every answer by its nonce, so it is compressed for each, a fraction of a millisecond.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/**
 * Serves the built panel: hashed assets with long caching, compressed as the browser accepts, and
 * index.html for every other GET that is not an API path, so client-side routes load directly:
 * with this response's style nonce, its inline script allowed by its hash, and its files as
 * preloads in a `Link` header. `/`, the sign-in page, gets sign-in.html instead when the build
 * wrote it: the same page with the sign-in page prerendered inside (apps/web/scripts/prerender.mjs).
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
    const pageOf = (html: string) => ({
      html,
      link: preloadLinkOf(html),
      scripts: inlineScriptHashesOf(html),
    });
    const pages = { index: pageOf(indexHtml), signIn: pageOf(signInHtml) };
    // The hashed files from memory; the few others at the root (the first script's source) from disk.
    // The build writes .br and .gz copies of each (apps/web/scripts/precompress.mjs).
    const assetsDir = path.join(options.distDir, 'assets');
    if (existsSync(assetsDir)) serveBuiltAssets(app, assetsDir);
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      globIgnore: ['assets/**'],
      preCompressed: true,
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const url = request.url.split('?')[0]!;
      const isPanelRoute =
        !path.extname(url) && !API_PREFIXES.some((prefix) => url === prefix || url.startsWith(prefix));
      if (!isPanelRoute) return;
      const page = url === '/' ? pages.signIn : pages.index;
      const nonce = reply.usePageNonce(page.scripts);
      if (page.link) reply.header('link', page.link);
      reply.header('cache-control', 'no-cache');
      return sendPage(request, reply, page.html.replace(NONCE_PLACEHOLDER, nonce));
    });
  },
  { name: 'panel', dependencies: ['security'] },
);
