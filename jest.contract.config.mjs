import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// The API contract test: run by scripts/e2e.mjs against a live `next start` (CONTRACT_BASE_URL),
// reading the same SQLite file as the server (DATABASE_PATH).
/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/contract'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/tests/support/empty-module.js',
  },
  testTimeout: 30000,
};

export default createJestConfig(config);
