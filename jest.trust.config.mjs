import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// Forged headers and vote abuse, over real HTTP against servers that scripts/trust.mjs starts
// (TRUST_NONE_URL: TRUST_PROXY unset; TRUST_ONE_URL: TRUST_PROXY=1).
/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/trust'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/tests/support/empty-module.js',
  },
  testTimeout: 180000,
};

export default createJestConfig(config);
