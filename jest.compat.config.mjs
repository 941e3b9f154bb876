import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// The compatibility suites (npm run test:compat, scripts/compat.mjs): a real client of the
// network's API against the built site, and the site in front of a fixture upstream.
/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/compat'],
  // *.spec.ts there are Playwright's (playwright.compat.config.ts).
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/tests/support/empty-module.js',
  },
  testTimeout: 180000,
};

export default createJestConfig(config);
