import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Unit tests run once; API tests run twice, on embedded PGlite and on the real PostgreSQL,
 * each test file on a fresh database.
 */
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the API tests mostly wait on PostgreSQL,
    // SMTP and the network, so three files at a time keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.unit.test.{ts,tsx}',
            'apps/web/build/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          // Screens rendered with the real store and router against a mock of the API (MSW).
          name: 'web',
          include: ['apps/web/src/**/*.web.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
          testTimeout: 40_000,
        },
      },
      {
        test: {
          name: 'process',
          include: ['apps/server/src/**/*.process.test.ts', 'scripts/**/*.process.test.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          env: { TEST_DATABASE_URL: postgresUrl },
        },
      },
      {
        test: {
          name: 'api:pglite',
          include: ['apps/server/src/**/*.api.test.ts'],
          testTimeout: 40_000,
          hookTimeout: 30_000,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      {
        test: {
          name: 'api:postgres',
          include: ['apps/server/src/**/*.api.test.ts', 'apps/server/src/**/*.postgres.test.ts'],
          testTimeout: 40_000,
          hookTimeout: 30_000,
          env: { TEST_DATABASE_URL: postgresUrl },
        },
      },
    ],
  },
});
