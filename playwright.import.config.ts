import base from './playwright.config';

/** The import and takedown browser checks: run by scripts/e2e-import.mjs between its CLI steps. */
const config = { ...base, testDir: 'tests/import', fullyParallel: false, workers: 1, retries: 0 };
export default config;
