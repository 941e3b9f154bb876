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
 *
 * A third server is a plain `next start` (Next's own server, without server.mjs) configured as the
 * first, for the tests that hold it to the same rules (TRUST_PLAIN_URL). Each server's process id
 * goes with it (TRUST_NONE_PID, TRUST_PLAIN_PID): bodies.test.ts reads from /proc how many bytes
 * a server took in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtSiteUrl, freePort, freshCatalogEnv, npx, root, runAsync, runMain, startNext, startProcess, waitFor } from '../support/system/harness.mjs';
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
  const plainEnv = freshCatalogEnv('data/trust-plain.db', { INPUT_RATE_PER_MINUTE: '30', TRUST_PROXY: '' });
  prepareSite(plainEnv);
  const plainPort = await freePort();
  // `node <next's bin> start`: the server is this very process, whose reads /proc counts.
  const plain = startProcess(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(plainPort)], {
    env: { ...plainEnv, PORT: String(plainPort), SITE_URL: builtSiteUrl() || `http://localhost:${plainPort}` },
  });
  const plainUrl = `http://localhost:${plainPort}`;
  const [a, b] = await Promise.all([
    startNext(await freePort(), none, { onOutput: (text) => fs.appendFileSync(noneLog, text) }),
    startNext(await freePort(), one, { onOutput: (text) => fs.appendFileSync(oneLog, text) }),
    waitFor(`${plainUrl}/information/`, plain.child),
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
      TRUST_NONE_PID: String(a.child.pid),
      TRUST_PLAIN_URL: plainUrl,
      TRUST_PLAIN_PID: String(plain.child.pid),
    });
    return code;
  } finally {
    a.stop();
    b.stop();
    plain.stop();
    fs.rmSync(logs, { recursive: true, force: true });
  }
});
