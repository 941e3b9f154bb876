// A Jest project's own test timeout (jest.config.mjs sets PROJECT_TEST_TIMEOUT_MS in the project's
// globals): Jest takes `testTimeout` from the whole run only, and the projects need different ones.
jest.setTimeout(globalThis.PROJECT_TEST_TIMEOUT_MS);
