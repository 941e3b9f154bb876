#!/usr/bin/env node
/**
 * npm run test:cache: shared caches and outages over real HTTP.
 *
 * Starts, on free ports: an "upstream" `next start` on a fresh embedded catalogue (the site's own
 * KVS-compatible API), the site under test (`next start` with API_ORIGIN pointing at the upstream
 * and a short API_TIMEOUT_MS), and a hostile nginx cache in front of it (tests/support/system/nginx.mjs).
 * A small control server lets the tests stop and restart the upstream. Then runs the Playwright
 * suite in tests/cache (the cache project of playwright.config.ts) and a short soak (the mix of `npm run soak`)
 * against the upstream server, so that the soak script cannot rot. Every process is stopped at the end.
 */
import http from 'node:http';
import { buildOrPrepare, freePort, freshCatalogEnv, npx, runAsync, runMain, startNext } from '../support/system/harness.mjs';
import { startNginx } from '../support/system/nginx.mjs';
import { soak } from '../../scripts/soak.mjs';

const API_TIMEOUT_MS = 2000;

runMain('test:cache', async () => {
  const upstreamEnv = freshCatalogEnv(process.env.DATABASE_PATH || 'data/cache-upstream.db');
  const built = buildOrPrepare(upstreamEnv);
  if (built !== 0) return built;

  const upstreamPort = await freePort();
  let upstream = await startNext(upstreamPort, upstreamEnv);
  const upstreamUrl = upstream.baseUrl;
  // The nginx in front stands for a CDN that tells the visitor's country (CF-IPCountry): one trusted
  // hop, the only way the site believes such a header.
  const siteEnv = { ...upstreamEnv, API_ORIGIN: `http://127.0.0.1:${upstreamPort}`, API_TIMEOUT_MS: String(API_TIMEOUT_MS), TRUST_PROXY: '1' };
  const site = await startNext(await freePort(), siteEnv);
  const cache = await startNginx(await freePort(), site.baseUrl);

  // POST /upstream/stop and /upstream/start: the outage tests take the upstream down and back.
  const control = http.createServer((req, res) => {
    /**
     * @param {number} status
     * @param {string} text
     */
    const done = (status, text) => res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    console.log(`test:cache: control ${req.method} ${req.url}`);
    if (req.method !== 'POST') return done(405, 'POST only');
    if (req.url === '/upstream/stop') {
      // Killed, as in a crash: a graceful stop would wait for the site's idle keep-alive connections.
      const { child } = upstream;
      if (child.exitCode !== null || child.signalCode !== null) return done(200, 'stopped');
      child.once('exit', () => done(200, 'stopped'));
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        // already gone
      }
      return;
    }
    if (req.url === '/upstream/start') {
      startNext(upstreamPort, { ...upstreamEnv }).then(
        (h) => {
          upstream = h;
          done(200, 'started');
        },
        (err) => done(500, String(err)),
      );
      return;
    }
    done(404, 'unknown');
  });
  const controlPort = await freePort();
  await /** @type {Promise<void>} */ (new Promise((resolve) => control.listen(controlPort, '127.0.0.1', resolve)));

  try {
    console.log(`test:cache: upstream ${upstreamUrl}, site ${site.baseUrl}, nginx ${cache.baseUrl}`);
    const tests = await runAsync(npx, ['playwright', 'test', '--project=cache', ...process.argv.slice(2)], {
      ...siteEnv,
      SITE_URL: site.baseUrl,
      CACHE_URL: cache.baseUrl,
      CONTROL_URL: `http://127.0.0.1:${controlPort}`,
      API_TIMEOUT_MS: String(API_TIMEOUT_MS),
    });
    // The soak's mix, briefly, against the embedded server (restarted by the outage tests).
    const figures = await soak({ baseUrl: upstream.baseUrl, pid: /** @type {number} */ (upstream.child.pid), durationS: 20, warmupS: 5, connections: 32, prefillPages: false });
    const soakOk = figures.errors === 0;
    if (!soakOk) console.error('test:cache: the short soak saw errors');
    return tests || (soakOk ? 0 : 1);
  } finally {
    control.close();
    cache.stop();
    site.stop();
    upstream.stop();
  }
});
