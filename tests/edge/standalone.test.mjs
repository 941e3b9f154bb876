/**
 * test:edge, the STANDALONE build (npm run build:standalone) behind a second copy of the shipped
 * edge (tests/support/system/edge.mjs), without EDGE_SECRET: home, a listing, a video page, static
 * assets, public/ and votes through nginx; every kind of answer carries the site's security
 * headers once (the edge passes the site's own on), and the cache stores the site's headers as
 * sent. Then Next's own server.js of the folder, with no proxy trusted: a forged X-Forwarded-For
 * makes its visitor neither German nor a new voter, and a body no endpoint takes is answered at
 * once (before, it believed the header and read the body whole).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEdge } from '../support/system/edge.mjs';
import { freePort, root, startProcess, startStandalone, waitFor } from '../support/system/harness.mjs';
import { request } from '../support/system/http-client.mjs';
import { DIST, RETURNING, asked, cacheFile, cacheStatus, checkSecurityHeaders, hitWithin, latest, packStandalone, prepareEdgeSite, videoUrl, vote } from './edge-site.mjs';

/** @typedef {import('./edge-site.mjs').Video} Video */
/** @typedef {import('../support/system/edge.mjs').Edge} Edge */
/** @typedef {import('../support/system/harness.mjs').SiteServer} SiteServer */

const DB = 'data/edge-standalone.db';

describe('the standalone build behind the shipped edge', () => {
  /** @type {SiteServer} */
  let sa;
  /** @type {Edge} */
  let front;
  /** @type {Video} */
  let v;
  before(async () => {
    const { env, serverEnv } = prepareEdgeSite(DB);
    packStandalone(env);
    // The server runs from its folder: the catalogue's path absolute.
    sa = await startStandalone(path.join(root, DIST, 'standalone'), await freePort(), { ...serverEnv, DATABASE_PATH: path.join(root, DB) });
    front = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${sa.port}`] });
    console.log(`standalone: node ${DIST}/standalone/server.mjs behind ${front.command}`);
    v = /** @type {Video} */ ((await latest(sa.baseUrl))[10]);
  });
  after(() => {
    sa?.stop();
    front?.stop();
  });

  /** @type {string} */
  let homeText = '';
  test('standalone through the edge: home', async () => {
    const home = await request(`${front.baseUrl}/`, { headers: RETURNING });
    homeText = home.text;
    assert.equal(home.status, 200);
    assert.match(home.text, /<html/);
  });
  test('standalone: the static assets were copied beside it', async () => {
    const script = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(homeText)?.[1];
    assert.ok(script, 'home loads no script of /_next/static/');
    const js = await request(`${front.baseUrl}${script}`, { headers: RETURNING });
    assert.equal(js.status, 200, script);
  });
  test('standalone: a listing, then a HIT', async () => {
    const list = await request(`${front.baseUrl}/videos/most-popular/1/`, { headers: RETURNING });
    const list2 = await hitWithin(`${front.baseUrl}/videos/most-popular/1/`, RETURNING);
    assert.equal(list.status, 200);
    assert.match(list.text, /\/video\/\d+\//);
    assert.equal(cacheStatus(list2), 'HIT', `${cacheStatus(list)}, then not a HIT${asked(list2)}`);
  });
  test('standalone: a video page', async () => {
    const page = await request(`${front.baseUrl}${videoUrl(v)}`, { headers: RETURNING });
    assert.equal(page.status, 200);
    assert.ok(page.text.includes(String(v.title).replace(/&/g, '&amp;')), `the page lacks the title ${v.title}`);
  });
  test('standalone: public/ was copied beside it', async () => {
    const demo = fs.readdirSync(path.join(root, 'public', 'demo'))[0];
    const pub = await request(`${front.baseUrl}/demo/${demo}`);
    assert.equal(pub.status, 200, `/demo/${demo}`);
  });
  test('standalone: votes through the edge, once per visitor', async () => {
    const a = await vote(front.baseUrl, Number(v.video_id), '127.0.0.4');
    const b = await vote(front.baseUrl, Number(v.video_id), '127.0.0.4');
    const c = await vote(front.baseUrl, Number(v.video_id), '127.0.0.5');
    assert.equal(a.text, '{"ok":1}', '127.0.0.4');
    assert.match(b.text, /already_voted/, '127.0.0.4 again');
    assert.equal(c.text, '{"ok":1}', '127.0.0.5');
  });
  // Without EDGE_SECRET: the site sends its headers, and the edge passes them on.
  test("security headers without EDGE_SECRET: every kind of answer carries each of the site's security headers once, with its value", async (t) => {
    await checkSecurityHeaders(t, sa.baseUrl, front.baseUrl, ['/videos/most-popular/1/', `/embed/${v.video_id}/`, '/ad-frame/native/', '/no-such-page/']);
  });
  test("without EDGE_SECRET the edge stores the site's headers as sent", () => {
    const stored = cacheFile(front.prefix, '/videos/most-popular/1/');
    assert.ok(stored !== null, 'no cache file (or more than one) for the listing');
    assert.match(stored, /Content-Security-Policy/);
  });
});

describe("Next's own server.js of the standalone folder", () => {
  /** @type {import('../support/system/harness.mjs').ProcessHandle} */
  let plain;
  let base = '';
  before(async () => {
    // The folder packed above; no proxy trusted, as a server that visitors reach directly.
    const { serverEnv } = prepareEdgeSite('data/edge-standalone-plain.db');
    const port = await freePort();
    plain = startProcess(process.execPath, ['server.js'], {
      cwd: path.join(root, DIST, 'standalone'),
      env: { ...serverEnv, TRUST_PROXY: '', DATABASE_PATH: path.join(root, 'data/edge-standalone-plain.db'), PORT: String(port), HOSTNAME: '127.0.0.1' },
    });
    base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health/`, plain.child);
  });
  after(() => plain?.stop());

  test('server.js: a forged X-Forwarded-For: 5.9.0.1 neither makes the visitor German nor a new voter', async () => {
    const country = await request(`${base}/api/country/`, { headers: { 'x-forwarded-for': '5.9.0.1' } });
    assert.equal(country.text, '{"country":"XX"}');
    const id = Number(/** @type {Video} */ ((await latest(base))[12]).video_id);
    const first = await vote(base, id, '127.0.0.1', { 'x-forwarded-for': '5.9.0.1' });
    const again = await vote(base, id, '127.0.0.1', { 'x-forwarded-for': '5.9.0.2' });
    assert.equal(first.text, '{"ok":1}');
    assert.match(again.text, /already_voted/);
  });
  test('server.js: a POST with a body to a page is answered 405 at once, the connection closed', async () => {
    const res = await request(`${base}/videos/`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(1000) });
    assert.equal(res.status, 405);
    assert.equal(res.headers.connection, 'close');
  });
});
