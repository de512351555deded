import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Browser test files at a time: each worker has its own server, Chromium and share of the cores. */
const E2E_WORKERS = 2;

/**
 * One runner, five projects: the contract's rules, the repository's boundaries, the API against a
 * real database (PGlite, or PostgreSQL when DATABASE_URL is set), the panel's components in jsdom,
 * and the browser tests.
 *
 * Test files run two at a time even on two cores (Vitest's default leaves one core free): much of a
 * test's time is spent waiting on a database, a server or a browser. The browser tests run on two
 * workers, each with its own server and data (e2e/src/global-setup.ts).
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: E2E_WORKERS,
          globalSetup: ['e2e/src/global-setup.ts'],
        },
      },
    ],
  },
});
