import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The browser half of the upstream compatibility suite: the site in front of the fixture upstream
 * (scripts/compat.mjs starts both and sets BASE_URL). Desktop only; same browser set-up as e2e.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/compat/upstream',
  testMatch: /\.spec\.ts$/,
  outputDir: 'test-results/compat',
  projects: (base.projects ?? []).filter((p) => p.name === 'desktop'),
});
