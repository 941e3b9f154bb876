#!/usr/bin/env node
/**
 * npm run test:e2e: builds when needed, starts `next start` on a free port against a freshly
 * seeded embedded catalogue, waits until it answers, runs the API contract test (Jest, over real
 * HTTP) and `playwright test` (extra arguments are passed on), stops the server and exits non-zero
 * if either failed.
 *
 * Environment: E2E_SKIP_BUILD=1 never builds; E2E_REBUILD=1 always builds; BASE_URL set means a
 * server is already running (nothing is built or started, no contract test); DATABASE_PATH chooses
 * the catalogue (default data/e2e.db, re-created on every run so votes and views start clean).
 */
import { buildOrPrepare, freePort, freshCatalogEnv, npx, run, runMain, startNext } from '../support/system/harness.mjs';

// The e2e projects of playwright.config.ts, unless the arguments pick projects themselves.
const args = process.argv.slice(2);
const projects = args.some((a) => a.startsWith('--project')) ? [] : ['--project=desktop', '--project=mobile'];

runMain('e2e', async () => {
  if (process.env.BASE_URL) return run(npx, ['playwright', 'test', ...projects, ...args]);

  const env = freshCatalogEnv(process.env.DATABASE_PATH || 'data/e2e.db');
  const built = buildOrPrepare(env);
  if (built !== 0) return built;

  const port = await freePort();
  console.log(`e2e: starting next start on http://localhost:${port}`);
  const server = await startNext(port, env);
  try {
    console.log('e2e: API contract test');
    const contract = run(npx, ['jest', '--selectProjects', 'contract'], { ...env, CONTRACT_BASE_URL: server.baseUrl });
    const browser = run(npx, ['playwright', 'test', ...projects, ...args], { ...env, BASE_URL: server.baseUrl });
    return contract || browser;
  } finally {
    server.stop();
  }
});
