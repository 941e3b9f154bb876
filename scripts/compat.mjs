#!/usr/bin/env node
/**
 * npm run test:compat: the site against the real network's clients and answers.
 * - yt-dlp: builds when needed, starts `next start` on a fresh embedded catalogue and a local
 *   TLS front (nginx, self-signed certificate) for one of the network's host names, and runs
 *   Debian's yt-dlp against it (tests/compat/ytdlp).
 * Extra arguments go to Jest (e.g. -t yt-dlp).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, npx, run, runMain, startNext } from './lib/harness.mjs';
import { startTlsFront } from './lib/tls-front.mjs';

const args = process.argv.slice(2);
const NETWORK_HOST = 'txxx.com';

runMain('compat', async () => {
  const env = freshCatalogEnv(process.env.DATABASE_PATH || 'data/compat.db');
  const built = buildOrPrepare(env);
  if (built !== 0) return built;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-compat-'));
  const stops = [];
  try {
    const sitePort = await freePort();
    const site = await startNext(sitePort, env);
    stops.push(site);
    const front = await startTlsFront({ dir: path.join(tmp, 'tls'), host: NETWORK_HOST, port: await freePort(), upstreamPort: sitePort });
    stops.push(front);
    console.log(`compat: site ${site.baseUrl}, TLS front https://${NETWORK_HOST} -> 127.0.0.1:${front.port}`);
    return run(npx, ['jest', '-c', 'jest.compat.config.mjs', ...args], {
      ...env,
      COMPAT_SITE_URL: site.baseUrl,
      COMPAT_TLS_PORT: String(front.port),
      COMPAT_TLS_HOST: NETWORK_HOST,
    });
  } finally {
    for (const s of stops.reverse()) s.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
