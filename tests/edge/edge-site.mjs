/**
 * What the files of test:edge (tests/edge/*.test.mjs) share: the site they put the shipped edge in
 * front of, and the requests and readings of answers they make.
 *
 * The site is built into its own folder, .next-edge (EDGE_DIST_DIR), with NEXT_STANDALONE=1, so
 * that the other suites' .next is untouched and the standalone file has a standalone build to
 * pack; the first file of a run builds it, the others find it built and only prepare their own
 * catalogue. Needs Debian's nginx (NGINX_PATH to use another).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freshCatalogEnv, root } from '../support/system/harness.mjs';
import { request } from '../support/system/http-client.mjs';
import { prepareSite } from '../support/system/suite.mjs';

/** @typedef {Awaited<ReturnType<typeof request>>} Answer */
/** A video of the site's JSON API (the fields used here). */
/** @typedef {{ video_id: string; dir: string; title: string }} Video */

export const DIST = process.env.EDGE_DIST_DIR || '.next-edge';
/** A returning visitor: the country cookie set, gzip accepted. */
export const RETURNING = { cookie: 'tf_country=XX', 'accept-encoding': 'gzip' };
/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds the site into DIST when needed (prepareSite: throws when that fails) on a fresh catalogue
 * at `db`, with TRUST_PROXY=1 (votes count by the address nginx saw). Returns the build's
 * environment, and the one to start a server with.
 * @param {string} db the catalogue's path, relative to the repository's root
 * @returns {{ env: NodeJS.ProcessEnv; serverEnv: NodeJS.ProcessEnv }}
 */
export function prepareEdgeSite(db) {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...freshCatalogEnv(db, { TRUST_PROXY: '1', NEXT_STANDALONE: '1' }), NEXT_DIST_DIR: DIST };
  delete env.EDGE_PURGE_URLS;
  delete env.EDGE_PURGE_SECRET;
  // A build made without NEXT_STANDALONE has no standalone folder: build again rather than pack nothing.
  if (!fs.existsSync(path.join(root, DIST, 'standalone', 'server.js'))) fs.rmSync(path.join(root, DIST, 'BUILD_ID'), { force: true });
  prepareSite(env);
  // NEXT_STANDALONE is a build setting: a server that reads it warns that `next start` does not
  // work with standalone output (it does; the warning is about the missing folder's files).
  const serverEnv = { ...env };
  delete serverEnv.NEXT_STANDALONE;
  return { env, serverEnv };
}

/**
 * Packs the last standalone build (scripts/build-standalone.mjs --no-build); throws when that fails.
 * @param {NodeJS.ProcessEnv} env
 */
export function packStandalone(env) {
  const packed = spawnSync(process.execPath, ['scripts/build-standalone.mjs', '--no-build'], { cwd: root, env, stdio: 'inherit' });
  if (packed.status !== 0) throw new Error(`scripts/build-standalone.mjs --no-build exited ${packed.status}`);
}

/** @param {{ headers: import('node:http').IncomingHttpHeaders }} res */
export const cacheStatus = (res) => String(res.headers['x-cache-status'] ?? '');

/**
 * The edge's answer once it serves `url` from its cache: asks up to `tries` times, 100 ms apart,
 * until a HIT. With nginx's two workers, a request sent just after one worker stored a page was
 * sometimes a MISS on the other (no error logged; never with one worker): that worker fetches the
 * page from the site once more and stores it too. So a page counts as stored when one of the next
 * requests is a HIT, not only the very next.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} [tries]
 * @returns {Promise<Answer & { tries: number }>}
 */
export async function hitWithin(url, headers, tries = 3) {
  for (let i = 1; ; i++) {
    const res = await request(url, { headers });
    if (cacheStatus(res) === 'HIT' || i === tries) return Object.assign(res, { tries: i });
    await sleep(100);
  }
}
/** @param {Answer & { tries?: number }} res an answer of hitWithin, or one asked once (no `tries`) */
export const asked = (res) => ((res.tries ?? 1) > 1 ? `, HIT at request ${res.tries}` : '');

/** @param {Video} video */
export function videoUrl(video) {
  return `/video/${video.video_id}/${video.dir}/`;
}

/**
 * The latest videos, 60 a page.
 * @param {string} base
 * @returns {Promise<Video[]>}
 */
export async function latest(base, page = 1) {
  const res = await request(`${base}/api/json/videos2/86400/str/latest-updates/60/..${page}.all...json`);
  return JSON.parse(res.text).videos;
}

/**
 * A video's votes (likes and dislikes), from the site itself.
 * @param {string} siteBase
 * @param {number} id
 */
export async function counts(siteBase, id) {
  const m = Math.floor(id / 1_000_000) * 1_000_000;
  const k = Math.floor(id / 1000) * 1000;
  const res = await request(`${siteBase}/api/json/video/86400/${m}/${k}/${id}.json`, { headers: { 'cache-control': 'no-cache' } });
  const { video } = JSON.parse(res.text);
  return Number(video.statistics.likes) + Number(video.statistics.dislikes);
}

/**
 * A vote for video `id`, sent from `localAddress`.
 * @param {string} edgeBase
 * @param {number} id
 * @param {string} localAddress
 * @param {Record<string, string>} [headers]
 */
export function vote(edgeBase, id, localAddress, headers = {}) {
  return request(`${edgeBase}/api/input.php`, {
    method: 'POST',
    localAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: `act=vote&section=video&object_id=${id}&vote=1`,
  });
}

export const SECURITY = /** @type {const} */ (['content-security-policy', 'permissions-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']);

/**
 * Each security header of an answer: its values as received (one entry a copy).
 * @param {Answer} res
 * @returns {Record<(typeof SECURITY)[number], string[]>}
 */
export function securityHeaders(res) {
  /** @type {Record<string, string[]>} */
  const out = Object.fromEntries(SECURITY.map((h) => [h, []]));
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    // Both indices are below the length (the loop's condition).
    const name = /** @type {string} */ (res.rawHeaders[i]).toLowerCase();
    const values = out[name];
    if (values) values.push(/** @type {string} */ (res.rawHeaders[i + 1]));
  }
  return /** @type {Record<(typeof SECURITY)[number], string[]>} */ (out); // every name of SECURITY, made above
}

/**
 * For every kind of answer (`paths`), a subtest of `t`: the edge's security headers are the
 * site's (asked directly, without the secret), one copy each, and the site sent at least four.
 * @param {import('node:test').TestContext} t
 * @param {string} siteBase
 * @param {string} edgeBase
 * @param {readonly string[]} paths
 */
export async function checkSecurityHeaders(t, siteBase, edgeBase, paths) {
  for (const p of paths) {
    await t.test(`${p} has the site's security headers, once each`, async (st) => {
      const direct = securityHeaders(await request(`${siteBase}${p}`, { headers: RETURNING }));
      // Twice: the second is a HIT wherever the answer may be stored.
      await request(`${edgeBase}${p}`, { headers: RETURNING });
      const res = await request(`${edgeBase}${p}`, { headers: RETURNING });
      const got = securityHeaders(res);
      const wrong = SECURITY.filter((h) => got[h].length !== direct[h].length || got[h].length > 1 || got[h][0] !== direct[h][0]);
      const expected = SECURITY.filter((h) => direct[h].length === 1).length;
      st.diagnostic(`${res.status} ${cacheStatus(res) || 'no cache status'}, ${expected} security headers from the site`);
      assert.deepEqual(wrong.map((h) => `${h}: site ${JSON.stringify(direct[h])}, edge ${JSON.stringify(got[h])}`), [], `${p}: the edge's security headers differ from the site's`);
      assert.ok(expected >= 4, `${p}: the site sent ${expected} of the ${SECURITY.length} security headers, expected at least 4`);
    });
  }
}

/**
 * The file the edge's cache keeps for `p` (gzip variant), found by its KEY line; null when there
 * is not exactly one.
 * @param {string} prefix the edge's prefix
 * @param {string} p
 * @returns {string | null}
 */
export function cacheFile(prefix, p) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      // The key holds the path, the query arguments the site reads there (none for a request without
      // a query), the encoding and the router headers (none: the HTML, not a navigation's flight data).
      else if (fs.readFileSync(f).subarray(0, 4096).toString('latin1').includes(`${p}?|gzip|||\n`)) found.push(f);
    }
  };
  walk(path.join(prefix, 'cache'));
  return found.length === 1 ? fs.readFileSync(/** @type {string} */ (found[0])).toString('latin1') : null;
}
