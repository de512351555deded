/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Everything the API server answers; the panel's own routes never start with these. */
const API_TARGET = 'http://127.0.0.1:8080';
const API_PREFIXES = ['/admin', '/auth', '/uploads', '/healthz', '/openapi.json', '/docs', '/downloads'];

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
