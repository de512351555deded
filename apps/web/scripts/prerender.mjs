// After `vite build`: writes dist/sign-in.html, index.html with the sign-in page's snapshot inside
// #root (src/prerender.tsx, built for Node into a scratch folder and run here). The server sends
// it for `/`, so a phone paints the sign-in page before the panel's scripts have arrived.
//
// As on every page a visitor opens, the first paint needs only the HTML and the first stylesheet:
// the panel's scripts are asked for once it has painted (public/first-paint.js, src/main.tsx). A
// visitor takes seconds to type an email and a password; the scripts arrive well before.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = path.resolve(import.meta.dirname, '..');
const distDir = path.join(webDir, 'dist');
const scratchDir = path.join(webDir, '.prerender');
const ROOT_ELEMENT = '<div id="root"></div>';

/** A visitor without a session: the panel's session and colour-scheme reads find nothing. */
function installEmptyStorage() {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    clear: () => items.clear(),
  };
}

try {
  await build({
    root: webDir,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: scratchDir, emptyOutDir: true, copyPublicDir: false },
  });
  installEmptyStorage();
  const { renderPage, toSnapshot } = await import(pathToFileURL(path.join(scratchDir, 'prerender.js')).href);
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT}`);
  // Rendered twice: the first render loads the page's lazy modules, which on a busy machine can take
  // longer than the router waits before it shows its pending state (a CI build once wrote the
  // loader instead of the form); the second finds them loaded.
  await renderPage('/');
  const snapshot = toSnapshot(await renderPage('/'));
  if (!snapshot.includes('<form')) throw new Error('the prerendered sign-in page has no form');
  const signInHtml = indexHtml.replace(ROOT_ELEMENT, `<div id="root">${snapshot}</div>`);
  writeFileSync(path.join(distDir, 'sign-in.html'), signInHtml);
  console.log(`prerendered the sign-in page (${(snapshot.length / 1024).toFixed(1)} KB of HTML)`);
} finally {
  rmSync(scratchDir, { recursive: true, force: true });
}
