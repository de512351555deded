import { defineConfig } from 'vitest/config';

/**
 * One runner, five projects: the contract's rules, the repository's boundaries, the API against a
 * real database (PGlite, or PostgreSQL when DATABASE_URL is set), the panel's components in jsdom,
 * and the browser tests.
 */
export default defineConfig({
  test: {
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
          fileParallelism: false,
          globalSetup: ['e2e/src/global-setup.ts'],
        },
      },
    ],
  },
});
