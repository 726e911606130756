import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);

/** End-to-end tests in Debian's Chromium against the built app, started on its own port and data. */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: '.test-output/playwright',
  fullyParallel: true,
  // Three on two cores: a journey waits (for mail, a job, the server) about a quarter of its time,
  // and a third worker fills it (decision 057, 2026-11-28).
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.test-output/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // Asked for (E2E_TRACES=1): a trace is recorded for every test to keep the failed ones, which
    // made the browser tests about a third slower; a run as CI's records none.
    trace: process.env.E2E_TRACES ? 'retain-on-failure' : 'off',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // Debian's Chromium headless shell, the build Playwright itself runs headless: the full
      // browser's headless mode took about a third more time for the same tests (decision 057).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
