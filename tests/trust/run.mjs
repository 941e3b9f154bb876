#!/usr/bin/env node
/**
 * npm run test:trust: forged headers and vote abuse over real HTTP. Starts the site's server twice
 * on fresh catalogues, once trusting no proxy (with a low statistics rate limit) and once with
 * TRUST_PROXY=1 (a proxy in front), and runs the Jest project `trust` (tests/trust/*.test.ts)
 * against both; exits with Jest's code.
 *
 * Both listen on every interface (HOSTNAME unset, as `npm start` by default): what each prints is
 * written to a file (TRUST_NONE_LOG, TRUST_ONE_LOG) for startup-warnings.test.ts, which checks
 * that the second said once that its visitors' addresses can be forged, the first nothing of the kind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, freshCatalogEnv, npx, runAsync, runMain, startNext } from '../support/system/harness.mjs';
import { prepareSite } from '../support/system/suite.mjs';

runMain('test:trust', async () => {
  const none = freshCatalogEnv('data/trust-none.db', { INPUT_RATE_PER_MINUTE: '30', TRUST_PROXY: '' });
  prepareSite(none);
  const one = freshCatalogEnv('data/trust-one.db', { TRUST_PROXY: '1' });
  prepareSite(one);
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-trust-'));
  const noneLog = path.join(logs, 'trust-none.log');
  const oneLog = path.join(logs, 'trust-one.log');
  fs.writeFileSync(noneLog, '');
  fs.writeFileSync(oneLog, '');
  const [a, b] = await Promise.all([
    startNext(await freePort(), none, { onOutput: (text) => fs.appendFileSync(noneLog, text) }),
    startNext(await freePort(), one, { onOutput: (text) => fs.appendFileSync(oneLog, text) }),
  ]);
  try {
    // Not run(): this process keeps writing the servers' output to the logs while Jest runs.
    const code = await runAsync(npx, ['jest', '--selectProjects', 'trust'], {
      ...process.env,
      TRUST_NONE_URL: a.baseUrl,
      TRUST_NONE_DB: 'data/trust-none.db',
      TRUST_NONE_LOG: noneLog,
      TRUST_ONE_URL: b.baseUrl,
      TRUST_ONE_LOG: oneLog,
    });
    return code;
  } finally {
    a.stop();
    b.stop();
    fs.rmSync(logs, { recursive: true, force: true });
  }
});
