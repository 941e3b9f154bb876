#!/usr/bin/env node
/**
 * npm run test:compat: the site against the real network's clients and answers.
 * - yt-dlp: `next start` on a fresh embedded catalogue behind a local TLS front (nginx,
 *   self-signed certificate) for one of the network's host names; Debian's yt-dlp, its TXXX
 *   extractor unmodified, reads it (tests/compat/ytdlp).
 * - upstream: a fixture server replays the network's recorded answers (tests/fixtures/upstream)
 *   and a second `next start` runs in front of it with API_ORIGIN; every page and every failure
 *   variant is checked over HTTP (tests/compat/upstream, Jest) and in Chromium (Playwright).
 * One build serves both (tests/support/system/harness.mjs). Extra arguments go to Jest (e.g. -t yt-dlp).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, npx, root, run, runMain, startNext, startProcess, waitFor } from '../support/system/harness.mjs';
import { startTlsFront } from '../support/system/tls-front.mjs';

const args = process.argv.slice(2);
const NETWORK_HOST = 'txxx.com';
// Short, so that the fixture's slow answer (4 s) is a timeout without slowing the suite.
const UPSTREAM_TIMEOUT_MS = 1500;

/**
 * Pages prerendered at build time (home, the category index) keep the source of the build, here
 * the embedded catalogue. An operator switching a build to an upstream regenerates them (or builds
 * with API_ORIGIN set); this does it the way Next's on-demand revalidation does, with the build's
 * preview id, before any test reads them.
 * @param {string} baseUrl
 */
async function regeneratePrerendered(baseUrl) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, process.env.NEXT_DIST_DIR || '.next', 'prerender-manifest.json'), 'utf8'));
  const id = manifest.preview.previewModeId;
  const dataRoutes = Object.entries(manifest.routes).filter(([route, r]) => r.initialRevalidateSeconds && !route.startsWith('/information') && !/\.(txt|xml)$/.test(route) && route !== '/404');
  for (const [route] of dataRoutes) {
    const res = await fetch(`${baseUrl}${route === '/' ? '/' : `${route}/`}`, { headers: { 'x-prerender-revalidate': id }, redirect: 'manual' });
    await res.arrayBuffer();
    console.log(`compat: regenerated ${route} from the upstream (${res.status})`);
  }
}

runMain('compat', async () => {
  const env = freshCatalogEnv(process.env.DATABASE_PATH || 'data/compat.db');
  const built = buildOrPrepare(env);
  if (built !== 0) return built;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-compat-'));
  const stops = [];
  try {
    const site = await startNext(await freePort(), env);
    stops.push(site);
    const front = await startTlsFront({ dir: path.join(tmp, 'tls'), host: NETWORK_HOST, port: await freePort(), upstreamPort: site.port });
    stops.push(front);
    console.log(`compat: site ${site.baseUrl}, TLS front https://${NETWORK_HOST} -> 127.0.0.1:${front.port}`);

    // The fixture upstream binds a port of the system's choosing (0) and says which.
    const fixtures = startProcess(process.execPath, [path.join(root, 'tests/compat/upstream/fixture-server.mjs'), '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    stops.push(fixtures);
    /** @type {number} */
    const fixturePort = await new Promise((resolve, reject) => {
      let out = '';
      // Piped (stdio above): never null here.
      fixtures.child.stdout?.on('data', (d) => {
        process.stdout.write(d);
        out += d;
        const m = /fixture upstream on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      fixtures.child.once('exit', (code) => reject(new Error(`the fixture upstream exited (${code}) before listening`)));
    });
    const apiOrigin = `http://127.0.0.1:${fixturePort}`;
    await waitFor(`${apiOrigin}/api/json/categories/14400/str.toptn.en.json`, fixtures.child);
    /** @type {NodeJS.ProcessEnv} */
    const upstreamEnv = { ...env, API_ORIGIN: apiOrigin, EMBED_HOSTS: 'upstream.test', API_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) };
    delete upstreamEnv.DATABASE_PATH;
    const upstreamSite = await startNext(await freePort(), upstreamEnv);
    stops.push(upstreamSite);
    console.log(`compat: site ${upstreamSite.baseUrl} in front of the fixture upstream ${apiOrigin}`);
    await regeneratePrerendered(upstreamSite.baseUrl);

    const jest = run(npx, ['jest', ...args, '--selectProjects', 'compat'], {
      ...env,
      COMPAT_SITE_URL: site.baseUrl,
      COMPAT_TLS_PORT: String(front.port),
      COMPAT_TLS_HOST: NETWORK_HOST,
      COMPAT_UPSTREAM_SITE_URL: upstreamSite.baseUrl,
    });
    const browser = args.length ? 0 : run(npx, ['playwright', 'test', '--project=compat'], { ...env, BASE_URL: upstreamSite.baseUrl });
    return jest || browser;
  } finally {
    for (const s of stops.reverse()) s.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
