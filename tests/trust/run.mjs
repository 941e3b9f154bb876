#!/usr/bin/env node
/**
 * npm run test:trust: forged headers and vote abuse over real HTTP. Starts the site's server twice
 * on fresh catalogues, once trusting no proxy (with a low statistics rate limit) and once with
 * TRUST_PROXY=1 (a proxy in front), and runs tests/trust against both. Both listen on every
 * interface (HOSTNAME unset, as `npm start` by default): the second must say once at start that
 * its visitors' addresses can be forged there, the first nothing of the kind.
 */
import { networkInterfaces } from 'node:os';
import { buildOrPrepare, freePort, freshCatalogEnv, npx, run, runMain, startNext } from '../tests/support/system/harness.mjs';

const FORGEABLE = /tubefront: warning: TRUST_PROXY=1 believes .* can name any address/g;

/**
 * Whether each server said what it should about forgeable addresses; prints one line a server.
 * @param {{ none: string; one: string }} outputs what each server printed
 */
function checkWarnings(outputs) {
  // Listening on every interface is public only where the machine has a non-loopback address.
  const reachable = Object.values(networkInterfaces()).some((l) => (l ?? []).some((a) => !a.internal));
  const none = (outputs.none.match(FORGEABLE) ?? []).length;
  const one = (outputs.one.match(FORGEABLE) ?? []).length;
  const okNone = none === 0;
  const okOne = one === (reachable ? 1 : 0);
  console.log(`${okNone ? 'ok  ' : 'FAIL'} - no proxy trusted: no forgeable-address warning (${none})`);
  console.log(`${okOne ? 'ok  ' : 'FAIL'} - TRUST_PROXY=1 on every interface: the warning once at start (${one}${reachable ? '' : ', no public interface here'})`);
  return okNone && okOne;
}

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
  const outputs = { none: '', one: '' };
  const [a, b] = await Promise.all([
    startNext(portA, none, { onOutput: (t) => (outputs.none += t) }),
    startNext(portB, one, { onOutput: (t) => (outputs.one += t) }),
  ]);
  try {
    const tests = run(npx, ['jest', '--selectProjects', 'trust'], {
      ...process.env,
      TRUST_NONE_URL: a.baseUrl,
      TRUST_NONE_DB: 'data/trust-none.db',
      TRUST_ONE_URL: b.baseUrl,
    });
    return checkWarnings(outputs) ? tests : tests || 1;
  } finally {
    a.stop();
    b.stop();
  }
});
