import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// The PostgreSQL catalogue's tests (npm run test:pg): real PostgreSQL, no mocks. The global setup
// starts a throwaway PostgreSQL 15 (scripts/lib/postgres.mjs) unless TEST_DATABASE_URL names a
// server, and the global teardown always stops it; each test file works in a database of its own.
/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/pg'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/tests/support/empty-module.js',
    '^client-only$': '<rootDir>/tests/support/empty-module.js',
  },
  globalSetup: '<rootDir>/tests/pg/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/pg/global-teardown.mjs',
  testTimeout: 120_000,
  // Two cores shared with others: the files run one after the other.
  maxWorkers: 1,
};

export default createJestConfig(config);
