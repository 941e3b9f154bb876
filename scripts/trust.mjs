#!/usr/bin/env node
/**
 * npm run test:trust: forged headers and vote abuse over real HTTP. Starts the site's server twice
 * on fresh catalogues, once trusting no proxy (with a low statistics rate limit) and once with
 * TRUST_PROXY=1 (a proxy in front), and runs tests/trust against both.
 */
import { buildOrPrepare, freePort, freshCatalogEnv, npx, run, runMain, startNext } from './lib/harness.mjs';

runMain('trust', async () => {
  const none = freshCatalogEnv('data/trust-none.db', { INPUT_RATE_PER_MINUTE: '30', TRUST_PROXY: '' });
  const built = buildOrPrepare(none);
  if (built !== 0) return built;
  const one = freshCatalogEnv('data/trust-one.db', { TRUST_PROXY: '1' });
  const prepared = buildOrPrepare(one);
  if (prepared !== 0) return prepared;
  const portA = await freePort();
  let portB = await freePort();
  while (portB === portA) portB = await freePort();
  const [a, b] = await Promise.all([startNext(portA, none), startNext(portB, one)]);
  try {
    return run(npx, ['jest', '-c', 'jest.trust.config.mjs'], {
      ...process.env,
      TRUST_NONE_URL: a.baseUrl,
      TRUST_NONE_DB: 'data/trust-none.db',
      TRUST_ONE_URL: b.baseUrl,
    });
  } finally {
    a.stop();
    b.stop();
  }
});
