/**
 * test:edge, the shipped edge follows the site's configuration (issue 28): its copy of the security
 * headers and its country header come from `npm run edge:headers` (`--print` here, as an operator
 * would write the file), and an edge whose copy was made for another configuration than the
 * site's never serves it in place of the site's own.
 *
 * One site (EDGE_SECRET, TRUST_PROXY=1, COUNTRY_HEADER=X-Country) behind two edges, both with its
 * secret and their CDN (realip) lines enabled for loopback, so that a request from 127.0.0.1 with
 * X-Forwarded-For stands for a visitor in a given country:
 *  - a stale edge, generated for other EMBED_HOSTS and IMG_HOSTS and no COUNTRY_HEADER (the site's
 *    configuration changed, edge:headers not run again): every answer carries the site's policy,
 *    not the edge's old one, once; a client's own X-Country does not choose its country;
 *  - a current edge, generated for the site's configuration: the same headers, the cache stores
 *    the page without them (the edge adds its copy), and X-Country carries the edge's country.
 * Before, both edges hid the site's headers and added their copy (the stale one: old.example in
 * frame-src), and the client's X-Country passed both (a German visitor chose NL).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEdge } from '../support/system/edge.mjs';
import { freePort, root, startNext } from '../support/system/harness.mjs';
import { request } from '../support/system/http-client.mjs';
import { RETURNING, SECURITY, cacheFile, hitWithin, latest, prepareEdgeSite, securityHeaders, videoUrl } from './edge-site.mjs';

/** @typedef {import('./edge-site.mjs').Video} Video */
/** @typedef {import('../support/system/edge.mjs').Edge} Edge */
/** @typedef {import('../support/system/harness.mjs').SiteServer} SiteServer */

const DB = 'data/edge-config.db';
const DE_ADDRESS = '5.9.0.1';

/**
 * The shipped nginx.conf as `npm run edge:headers` writes it for `env` (printed, not written).
 * @param {Record<string, string>} env
 * @returns {string}
 */
function generated(env) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/edge-headers.ts', '--print'], {
    cwd: root,
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm run edge:headers -- --print: ${r.stderr}`);
  return r.stdout;
}

describe('the edge follows the site\'s configuration', () => {
  /** @type {SiteServer} */
  let site;
  /** @type {Edge} */
  let stale;
  /** @type {Edge} */
  let current;
  /** @type {Video} */
  let v;
  const edgeSecret = randomBytes(24).toString('base64url');

  before(async () => {
    const { serverEnv } = prepareEdgeSite(DB);
    site = await startNext(await freePort(), { ...serverEnv, EDGE_SECRET: edgeSecret, COUNTRY_HEADER: 'X-Country' });
    const upstreams = [`127.0.0.1:${site.port}`];
    stale = await startEdge({ port: await freePort(), upstreams, edgeSecret, realIpFrom: '127.0.0.1', text: generated({ EMBED_HOSTS: 'old.example', IMG_HOSTS: 'img.old.example' }) });
    current = await startEdge({ port: await freePort(), upstreams, edgeSecret, realIpFrom: '127.0.0.1', text: generated({ COUNTRY_HEADER: 'X-Country' }) });
    v = /** @type {Video} */ ((await latest(site.baseUrl))[5]);
  });
  after(() => {
    site?.stop();
    stale?.stop();
    current?.stop();
  });

  const paths = () => ['/', '/videos/latest-updates/3/', videoUrl(v), `/embed/${v.video_id}/`, '/ad-frame/banner/', '/api/json/videos2/86400/str/latest-updates/10/..1.all...json', '/no-such-page/'];

  for (const which of /** @type {const} */ (['stale', 'current'])) {
    test(`${which} edge: every kind of answer carries the site's own policy, once, on a miss and a hit`, async () => {
      const edge = which === 'stale' ? stale : current;
      /** @type {string[]} */
      const problems = [];
      for (const p of paths()) {
        const direct = securityHeaders(await request(`${site.baseUrl}${p}`, { headers: RETURNING }));
        for (const round of ['first', 'second']) {
          const got = securityHeaders(await request(`${edge.baseUrl}${p}`, { headers: RETURNING }));
          for (const h of SECURITY) {
            if (got[h].length > 1 || got[h][0] !== direct[h][0]) problems.push(`${p} (${round}) ${h}: site ${JSON.stringify(direct[h])}, edge ${JSON.stringify(got[h])}`);
          }
        }
      }
      assert.deepEqual(problems, [], `the ${which} edge served another policy than the site's`);
    });
  }

  test("stale edge: its old hosts never reach a visitor, and the site's answers are stored with the site's headers", async () => {
    const page = await hitWithin(`${stale.baseUrl}/videos/latest-updates/4/`, RETURNING);
    assert.doesNotMatch(String(page.headers['content-security-policy']), /old\.example/);
    const stored = cacheFile(stale.prefix, '/videos/latest-updates/4/');
    assert.ok(stored !== null, 'no cache file (or more than one) for the listing');
    assert.match(stored, /\r\nContent-Security-Policy: /i);
  });

  test('current edge: the page is stored without the security headers (the edge adds its copy)', async () => {
    await hitWithin(`${current.baseUrl}/videos/latest-updates/4/`, RETURNING);
    const stored = cacheFile(current.prefix, '/videos/latest-updates/4/');
    assert.ok(stored !== null, 'no cache file (or more than one) for the listing');
    assert.doesNotMatch(stored, /Content-Security-Policy|Permissions-Policy/i);
  });

  test('a German visitor sending X-Country: NL is German through either edge', async () => {
    /** @type {string[]} */
    const wrong = [];
    for (const [which, edge] of /** @type {const} */ ([['stale', stale], ['current', current]])) {
      const res = await request(`${edge.baseUrl}/api/country/`, { headers: { 'x-forwarded-for': DE_ADDRESS, 'x-country': 'NL' } });
      if (JSON.parse(res.text).country !== 'DE') wrong.push(`${which} edge: ${res.status} ${res.text}`);
    }
    assert.deepEqual(wrong, [], "the client's X-Country chose its country");
  });
});
