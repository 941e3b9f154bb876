import nextJestModule from 'next/jest.js';

// next/jest.js is CommonJS whose module.exports is the function itself, while its declarations say
// `export default`: under NodeNext TypeScript then takes this default import for `{ default }`.
const nextJest = /** @type {typeof nextJestModule.default} */ (/** @type {unknown} */ (nextJestModule));
const createJestConfig = nextJest({ dir: './' });

/**
 * Every Jest suite, one project each; a suite runs its own with `--selectProjects <name>`
 * (package.json and the runners in scripts/ do). A bare `jest` runs every project, and the
 * contract, trust and pg projects need what their runners start: use the npm scripts.
 * --selectProjects takes every word after it as a project name, so test:unit ends it with an
 * option (--passWithNoTests=false, the default) and `npm run test:unit -- <path>` stays a path.
 *
 * - unit: unit and component tests (npm run test:unit). Pure and server code runs under node;
 *   component tests opt into jsdom with a `@jest-environment jsdom` docblock.
 * - contract: the API contract test, run by tests/e2e/run.mjs against a live server
 *   (CONTRACT_BASE_URL), reading the same SQLite file as the server (DATABASE_PATH).
 * - compat: a real client of the network's API against the built site, and the site in front of a
 *   fixture upstream (npm run test:compat, tests/compat/run.mjs).
 * - trust: forged headers and vote abuse, over real HTTP against servers that tests/trust/run.mjs
 *   starts (TRUST_NONE_URL: TRUST_PROXY unset; TRUST_ONE_URL: TRUST_PROXY=1).
 * - pg: the PostgreSQL catalogue's tests (npm run test:pg): real PostgreSQL, no mocks. The global
 *   setup starts a throwaway PostgreSQL 15 (tests/support/system/postgres.mjs) unless TEST_DATABASE_URL
 *   names a server, and the global teardown always stops it; each test file works in a database
 *   of its own. Two cores shared with others: npm run test:pg runs its files one after the other
 *   (--maxWorkers=1, a whole-run option Jest does not take per project).
 */
const EMPTY = '<rootDir>/tests/support/empty-module.js';

/**
 * One project: next/jest's transform and mappers, the '@/' alias, and 'server-only' made moot.
 * Jest reads `testTimeout` from the whole run only, never from a project: a project's own is set
 * by tests/support/project-timeout.js from the project's globals.
 * @param {string} displayName
 * @param {import('jest').Config} options a project's options, and testTimeout
 */
async function project(displayName, { testTimeout, ...config }) {
  const timeout = testTimeout
    ? { globals: { PROJECT_TEST_TIMEOUT_MS: testTimeout }, setupFilesAfterEnv: ['<rootDir>/tests/support/project-timeout.js', ...(config.setupFilesAfterEnv ?? [])] }
    : {};
  const resolved = await createJestConfig({
    testEnvironment: 'node',
    ...config,
    ...timeout,
    moduleNameMapper: {
      '^@/(.*)$': '<rootDir>/$1',
      // 'server-only' throws outside React Server Components; under Jest the guard is moot.
      '^server-only$': EMPTY,
      ...config.moduleNameMapper,
    },
  })();
  return { displayName, ...resolved };
}

/** @type {import('jest').Config} */
const config = {
  projects: await Promise.all([
    project('unit', {
      roots: ['<rootDir>/tests/unit'],
      moduleNameMapper: { '^client-only$': EMPTY },
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest-setup.ts'],
    }),
    project('contract', { roots: ['<rootDir>/tests/contract'], testTimeout: 30_000 }),
    // *.spec.ts in tests/compat are Playwright's (the compat project of playwright.config.ts).
    project('compat', { roots: ['<rootDir>/tests/compat'], testMatch: ['**/*.test.ts'], testTimeout: 180_000 }),
    project('trust', { roots: ['<rootDir>/tests/trust'], testTimeout: 180_000 }),
    project('pg', {
      roots: ['<rootDir>/tests/pg'],
      moduleNameMapper: { '^client-only$': EMPTY },
      globalSetup: '<rootDir>/tests/pg/global-setup.mjs',
      globalTeardown: '<rootDir>/tests/pg/global-teardown.mjs',
      testTimeout: 120_000,
    }),
  ]),
};

export default config;
