import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Every browser suite, one project (or two) each, in real Chromium against a real server that the
 * suite's runner starts; a runner picks its projects with --project:
 *
 * - desktop, mobile (tests/e2e): the site on the embedded catalogue. tests/e2e/run.mjs builds,
 *   starts the server and sets BASE_URL; set BASE_URL yourself to test a running server.
 * - compat (tests/compat/upstream/*.spec.ts): the site in front of the fixture upstream
 *   (tests/compat/run.mjs starts both and sets BASE_URL).
 * - cache (tests/cache): the shared-cache and outage suite, run by tests/cache/run.mjs, which
 *   starts the upstream, the site (SITE_URL) and a hostile nginx cache (CACHE_URL). One worker:
 *   the outage tests take the upstream down for everybody.
 * - import-imported, import-removed (tests/import): the import and takedown browser checks, run by
 *   tests/import/import.test.mjs after its import and after its takedown.
 *
 * Debian's Chromium is used when present (Playwright cannot download browsers here);
 * CHROMIUM_PATH picks another one, and without either Playwright's own browser is used.
 * No retries: a test that fails once has found something (a flaky test is a bug to fix).
 */
const executablePath = process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const launchOptions = {
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions };

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // CI machines are shared and may be loaded (builds and servers of other suites beside these):
  // slowness there is not a failure of the site. Benchmarks, not these tests, judge speed.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: process.env.BASE_URL || 'http://localhost:3000',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', testDir: 'tests/e2e', use: desktop, testIgnore: /\.mobile\.spec\.ts$/ },
    { name: 'mobile', testDir: 'tests/e2e', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions }, testMatch: /\.mobile\.spec\.ts$/ },
    { name: 'compat', testDir: 'tests/compat/upstream', testMatch: /\.spec\.ts$/, outputDir: 'test-results/compat', use: desktop },
    {
      name: 'cache',
      testDir: 'tests/cache',
      outputDir: 'test-results/cache',
      fullyParallel: false,
      workers: 1,
      use: { baseURL: process.env.SITE_URL, viewport: { width: 1366, height: 900 } },
    },
    // One file each: tests/import/import.test.mjs runs the first after its imports, the second after its takedown.
    { name: 'import-imported', testDir: 'tests/import', testMatch: 'imported.spec.ts', fullyParallel: false, workers: 1, use: desktop },
    { name: 'import-removed', testDir: 'tests/import', testMatch: 'removed.spec.ts', fullyParallel: false, workers: 1, use: desktop },
  ],
});
