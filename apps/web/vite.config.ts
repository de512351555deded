/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Everything the API server answers; the panel's own routes never start with these. */
const API_TARGET = 'http://127.0.0.1:8080';
const API_PREFIXES = ['/admin', '/auth', '/uploads', '/healthz', '/openapi.json', '/docs', '/downloads'];

const packages = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/**
 * A handful of larger chunks instead of one per shared module: on a phone's connection each file
 * costs a round trip, and the sign-in page fetched 45 of them. Every page needs the framework
 * (React, the router, the query cache, zod for the routes' search params) and the UI kit; the
 * panel's own shared code and the contract come as one file; the list screen's machinery (its
 * table, filters, date picker) as another. The heavy, rarely used parts (rich-text editor, charts,
 * map, cropper, carousel) stay in their own lazy chunks.
 */
const CHUNK_GROUPS = [
  {
    name: 'framework',
    priority: 40,
    test: packages('react|react-dom|scheduler|@tanstack|use-sync-external-store|zod'),
  },
  {
    name: 'ui',
    priority: 30,
    test: packages(
      '@mantine[\\\\/](?:core|hooks)|@floating-ui|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|tslib|get-nonce|@tabler[\\\\/]icons-react',
    ),
  },
  {
    name: 'common',
    priority: 20,
    test: (id: string) =>
      /(apps[\\/]web[\\/]src[\\/](lib|components)|packages[\\/]contract[\\/]src)[\\/]/.test(id) &&
      !/(realtime|forms|analytics|downloads|socket|notifications|places|rich-text)\.ts$/.test(id),
  },
  {
    name: 'lists',
    priority: 10,
    test: /apps[\\/]web[\\/]src[\\/]core[\\/](lists|tables|actions|downloads)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      ...Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET }])),
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route components are loaded with dynamic imports (see src/app/router.tsx), so each page is
    // its own chunk and the sign-in page loads only the shared runtime plus its form.
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
