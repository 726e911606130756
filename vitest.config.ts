import { defineConfig } from 'vitest/config';
import ProcessTestsFirst from './scripts/vitest-sequencer';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const server = 'apps/server/src';

/**
 * The API tests fail on a deprecation instead of printing it once: pg's "already executing a
 * query" (queries run side by side on one transaction's connection) is an error in its next major
 * version.
 */
const failOnDeprecation = ['--throw-deprecation'];

/**
 * The contract set (decision 055): the API tests of what can differ between PostgreSQL servers,
 * run a second time on the engine that ships, the embedded PostgreSQL 17 (decision 051). Every
 * API test runs once on the shared PostgreSQL server.
 */
const contractSet = [
  // migrations
  `${server}/db/migrations.api.test.ts`,
  `${server}/db/migrations.postgres.test.ts`,
  // backups: the dump, its restore and psql's reading of it; the daily job's claim (decision 061)
  `${server}/db/backup.api.test.ts`,
  `${server}/db/upgrade.api.test.ts`,
  `${server}/modules/system/backup-job.api.test.ts`,
  `${server}/modules/auth/sessions-migration.api.test.ts`,
  // locking and the exclusion constraint
  `${server}/modules/bookings/bookings-concurrency.postgres.test.ts`,
  `${server}/modules/bookings/booking-limits.postgres.test.ts`,
  `${server}/modules/payments/receipts-concurrency.postgres.test.ts`,
  // the availability and signed-in caches' notifications
  `${server}/modules/bookings/availability/availability-cache.api.test.ts`,
  `${server}/modules/bookings/availability/availability-cache.postgres.test.ts`,
  `${server}/modules/auth/signed-in-cache.postgres.test.ts`,
  // jobs claiming (booking jobs, the mail outbox)
  `${server}/modules/bookings/jobs/booking-jobs.postgres.test.ts`,
  `${server}/modules/mail/outbox.api.test.ts`,
  // payments and the Stripe webhook
  `${server}/modules/payments/payments.api.test.ts`,
  `${server}/modules/payments/stripe-concurrency.postgres.test.ts`,
  // package credits: the last one taken under its row lock (issue 24)
  `${server}/modules/packages/credits-concurrency.postgres.test.ts`,
  // series of bookings: all or nothing under the day locks and the exclusion constraint (issue 25)
  `${server}/modules/bookings/series/series-concurrency.postgres.test.ts`,
  // discount codes: the last use taken under the code's row lock (issue 24, decision 063)
  `${server}/modules/coupons/coupons-concurrency.postgres.test.ts`,
  // the waitlist (issue 25): offers claimed with SKIP LOCKED, kept apart by an exclusion constraint
  `${server}/modules/waitlist/waitlist.api.test.ts`,
  // metrics SQL
  `${server}/modules/metrics/metrics.api.test.ts`,
  // the calendars (issue 22 asks for both databases): the busy ranges' trigger and the refresh
  // job's SKIP LOCKED claim, the feeds' conditional reads
  `${server}/modules/calendars/calendar-sources.api.test.ts`,
  `${server}/modules/calendars/feed.api.test.ts`,
];

export default defineConfig({
  test: {
    // Two files at a time on this 2-core machine (decision 055's figures): the API tests wait on
    // PostgreSQL about as much as they compute, and a third worker only adds memory and switching.
    maxWorkers: 2,
    // Stubbed globals and environment variables are put back after every test: test files share
    // their worker (isolate: false below), so nothing one stubs may reach the next.
    unstubGlobals: true,
    unstubEnvs: true,
    sequence: { sequencer: ProcessTestsFirst },
    projects: [
      {
        test: {
          name: 'unit',
          // Test files share their worker and its loaded modules (decision 068): each file no
          // longer pays for importing the app again, which was most of the run's time.
          isolate: false,
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
          // Files share their worker like the unit and API files (decision 068): each file no longer
          // loads React, the store, the routes and MSW again, which was half of the project's time
          // (88 s alone, 38 s shared). They share one happy-dom window too: the set-up puts its
          // document back after each file.
          isolate: false,
          include: ['apps/web/src/**/*.web.test.tsx'],
          environment: 'happy-dom',
          // A stylesheet link "loads" without a request (happy-dom loads no CSS), quietly.
          environmentOptions: {
            happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } },
          },
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
          testTimeout: 40_000,
        },
      },
      {
        test: {
          name: 'process',
          include: ['apps/server/src/**/*.process.test.ts', 'scripts/**/*.process.test.ts'],
          globalSetup: ['scripts/build-global-setup.ts'],
          testTimeout: 90_000,
          env: { TEST_DATABASE_URL: postgresUrl },
        },
      },
      {
        test: {
          name: 'api:postgres',
          isolate: false,
          execArgv: failOnDeprecation,
          include: [`${server}/**/*.api.test.ts`, `${server}/**/*.postgres.test.ts`],
          globalSetup: [`${server}/test/postgres-global-setup.ts`],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          env: { TEST_DATABASE_URL: postgresUrl },
        },
      },
      {
        test: {
          name: 'api:embedded',
          isolate: false,
          execArgv: failOnDeprecation,
          include: contractSet,
          globalSetup: [`${server}/test/embedded-global-setup.ts`],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
