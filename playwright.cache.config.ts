import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The shared-cache and outage suite (tests/cache), run by scripts/cache-suite.mjs, which starts
 * the upstream, the site (SITE_URL) and a hostile nginx cache (CACHE_URL). One worker: the outage
 * tests take the upstream down for everybody.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/cache',
  outputDir: 'test-results/cache',
  fullyParallel: false,
  workers: 1,
  use: { ...base.use, baseURL: process.env.SITE_URL },
  projects: [{ name: 'cache', use: { ...base.use, baseURL: process.env.SITE_URL, viewport: { width: 1366, height: 900 } } }],
});
