import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// Unit and component tests. Pure and server code runs under node; component tests opt into
// jsdom with a `@jest-environment jsdom` docblock. Browser tests live in tests/e2e (Playwright).
/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/unit'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // 'server-only' throws outside React Server Components; under Jest the guard is moot.
    '^server-only$': '<rootDir>/tests/support/empty-module.js',
    '^client-only$': '<rootDir>/tests/support/empty-module.js',
  },
  setupFilesAfterEnv: ['<rootDir>/tests/support/jest-setup.ts'],
};

export default createJestConfig(config);
