import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirective } from '../test-support/csp';
import compression from './compression';
import panel, { inlineScriptHashesOf, preloadLinkOf } from './panel';
import security from './security';

const FIRST_PAINT = "document.documentElement.setAttribute('data-signed-in', '');";
const page = (root: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta name="csp-nonce" content="__CSP_NONCE__" />
    <link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3csvg%3e%3c/svg%3e" />
    <script>${FIRST_PAINT}</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preload-helper-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <template id="start-files">
      <link rel="modulepreload" crossorigin href="/assets/framework-1.js">
    </template>
  </head>
  <body>
    <div id="root">${root}</div>
  </body>
</html>`;

const APP_CSS = `.app { color: red; }\n`.repeat(200);

let distDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'roam-panel-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), page('<style nonce="__CSP_NONCE__"></style>frame'));
  writeFileSync(path.join(distDir, 'sign-in.html'), page('sign-in'));
  writeFileSync(path.join(distDir, 'assets/index-1.js'), 'export {};');
  writeFileSync(path.join(distDir, 'assets/app-1.css'), APP_CSS);
  writeFileSync(path.join(distDir, 'assets/app-1.css.br'), brotliCompressSync(APP_CSS));
  writeFileSync(path.join(distDir, 'assets/app-1.css.gz'), gzipSync(APP_CSS));
  app = Fastify();
  await app.register(security);
  // As the app registers them: the API's compression leaves the page, compressed already, as it is.
  await app.register(compression);
  await app.register(panel, { distDir });
});
afterAll(async () => {
  await app?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe("the panel's page", () => {
  it('names the files its head asks for at once, in order, not those its template holds', () => {
    expect(preloadLinkOf(page(''))).toBe(
      [
        '</assets/index-1.js>; rel=modulepreload; crossorigin',
        '</assets/preload-helper-1.js>; rel=modulepreload; crossorigin',
        '</assets/index-1.css>; rel=preload; as=style; crossorigin',
      ].join(', '),
    );
    expect(preloadLinkOf('<html><head><title>x</title></head></html>')).toBeUndefined();
  });

  it('is sent with those preloads, its inline script allowed by its hash and a fresh style nonce', async () => {
    const hash = `sha256-${createHash('sha256').update(FIRST_PAINT).digest('base64')}`;
    expect(inlineScriptHashesOf(page(''))).toEqual([hash]);
    const nonces = new Set<string>();
    for (const url of ['/user', '/cafedetail/abc?tab=reviews', '/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers.link).toBe(preloadLinkOf(page('')));
      const policy = String(response.headers['content-security-policy']);
      expect(cspDirective(policy, 'script-src')).toBe(`script-src 'self' '${hash}'`);
      const nonce = /'nonce-([0-9a-f]+)'/.exec(cspDirective(policy, 'style-src') ?? '')![1]!;
      nonces.add(nonce);
      expect(response.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      expect(response.body).not.toContain('__CSP_NONCE__');
      expect(response.body).toContain(url === '/' ? '>sign-in<' : 'frame');
    }
    expect(nonces.size).toBe(3);
  });

  it('is compressed as the browser accepts, and whole either way', async () => {
    const plain = await app.inject({ method: 'GET', url: '/user' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [encoding, decode] of Object.entries(decoders)) {
      const response = await app.inject({
        method: 'GET',
        url: '/user',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      const html = decode(response.rawPayload).toString('utf8');
      const nonce = /content="([0-9a-f]+)"/.exec(html)![1];
      expect(html).toBe(plain.body.replaceAll(/[0-9a-f]{32}/g, nonce!));
    }
  });

  it("sends a built file with a script's headers only, long cached, and the page with all of them", async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['strict-transport-security']).toContain('max-age=');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(asset.headers[pageOnly]).toBeUndefined();
    }
    const page = await app.inject({ method: 'GET', url: '/user' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a built file in the encoding the browser accepts, whole either way, and no other file', async () => {
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [encoding, decode] of Object.entries(decoders)) {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/app-1.css',
        headers: { 'accept-encoding': `deflate, ${encoding}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString('utf8')).toBe(APP_CSS);
    }
    const plain = await app.inject({ method: 'GET', url: '/assets/app-1.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_CSS);
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-1.css' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    // No copy in brotli: the file as it is.
    const script = await app.inject({
      method: 'GET',
      url: '/assets/index-1.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.headers['content-encoding']).toBeUndefined();
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const url of ['/assets/app-1.css.br', '/assets/missing.js', '/assets/%2e%2e%2findex.html']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('leaves the API and the built files to their own routes', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-1.js' });
    expect(asset.body).toBe('export {};');
    expect(asset.headers.link).toBeUndefined();
    const api = await app.inject({ method: 'GET', url: '/admin/users' });
    expect(api.statusCode).toBe(404);
    expect(api.headers.link).toBeUndefined();
  });
});
