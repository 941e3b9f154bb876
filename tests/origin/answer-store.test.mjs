/**
 * npm run test:origin: the site's server's store of finished page answers (lib/server/answer-store.mjs)
 * over real HTTP, on two servers (server.mjs, as `npm start` runs it) sharing a page cache through
 * a throwaway Debian `redis-server`, on one embedded catalogue file, with ANSWER_STORE_TRACE=1 (an
 * answer from the store says so):
 *  1. a cached listing is answered from the store after Next answered it from its page cache, with
 *     Next's body and headers, in gzip, brotli or as it is, 304 for its ETag, HEAD as Next's HEAD;
 *     the edge's security headers logic still applies (left out only for the edge's secret with the digest of this very copy);
 *     a first visit (no cookie) gets the same shared page from it;
 *  2. a takedown told to server A only (`npm run catalog -- remove`, REVALIDATE_URLS=A): A's next
 *     answers lack the video at once (listing, video page); B, told through Redis only, stops
 *     showing it within 60 s (its page cache's delay), and its store never brings it back;
 *  3. a catalogue change through the endpoint (an import's or the publish clock's) empties the
 *     store: the next answer is Next's again.
 * The tests run in order on the servers' shared state (each section builds on the one before).
 *
 * Environment: NEXT_DIST_DIR (default .next; built when missing or older than the sources),
 * REDIS_SERVER (default /usr/bin/redis-server).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { EDGE_HEADER, EDGE_OWNED_HEADERS, EDGE_POLICY_HEADER, policyDigest } from '../../lib/server/edge-headers.mjs';
import { freePort, freshCatalogEnv, runNpmScript, startNext } from '../support/system/harness.mjs';
import { request } from '../support/system/http-client.mjs';
import { startRedis, stopRedis } from '../support/system/redis.mjs';
import { prepareSite } from '../support/system/suite.mjs';

const DIST = process.env.NEXT_DIST_DIR || '.next';
const LISTING = '/videos/latest-updates/1/';
const STORE = 'x-tubefront-answer-store';
const COOKIE = { cookie: 'tf_country=XX' };
/** What a taken-down video's page may answer. */
const GONE = [404, 410, 307, 308];

/** @typedef {Awaited<ReturnType<typeof request>>} Answer */
/** @typedef {import('../support/system/harness.mjs').SiteServer} SiteServer */

/** @param {Answer} res */
const decode = (res) => (res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.raw).toString('utf8') : res.text);
/** @param {Answer} res */
const fromStore = (res) => res.headers[STORE] === 'HIT';
/**
 * The headers but those set per answer (Date, the connection's) and the store's mark, as name: value lines.
 * @param {Answer} res
 */
const headerLines = (res) =>
  Object.entries(res.headers)
    .filter(([name]) => !['date', 'connection', 'keep-alive', STORE].includes(name))
    .map(([name, value]) => `${name}: ${value}`)
    .sort()
    .join('\n');

/**
 * Asks for `p` until the store answers it (it takes Next's page cache answering once), at most 6
 * times; returns { stored, next }: the store's answer and the last one Next gave.
 * @param {string} base
 * @param {string} p
 * @param {Record<string, string>} headers
 * @returns {Promise<{ stored: Answer | null; next: Answer | null }>}
 */
async function untilStored(base, p, headers) {
  /** @type {Answer | null} */
  let next = null;
  for (let i = 0; i < 6; i += 1) {
    const res = await request(`${base}${p}`, { headers });
    if (fromStore(res)) return { stored: res, next };
    next = res;
  }
  return { stored: null, next };
}

/** @param {string} html */
const videoIds = (html) => [...new Set([...html.matchAll(/href="\/video\/(\d+)\/([^/"]+)\//g)].map((m) => `${m[1]}/${m[2]}`))];

/**
 * A value an earlier test of this file set, or a failure saying so.
 * @template T
 * @param {T | null | undefined} value
 * @param {string} what
 * @returns {T}
 */
function from(value, what) {
  assert.ok(value !== null && value !== undefined, `needs ${what} (an earlier test failed)`);
  return value;
}

const secret = randomBytes(24).toString('hex');
const edgeSecret = randomBytes(24).toString('base64url');
/** The servers' environment (and the catalogue tools'), set in `before`. */
/** @type {NodeJS.ProcessEnv} */
let env = { ...process.env };
/** @type {string} */
let tmp = '';
/** @type {Awaited<ReturnType<typeof startRedis>> | undefined} */
let redis;
/** @type {SiteServer[]} */
const servers = [];

before(async () => {
  const env0 = { ...freshCatalogEnv('data/origin-store.db'), NEXT_DIST_DIR: DIST, ANSWER_STORE_TRACE: '1', REVALIDATE_SECRET: secret, EDGE_SECRET: edgeSecret };
  prepareSite(env0);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-origin-'));
  const redisPort = await freePort();
  redis = await startRedis(redisPort, tmp);
  const [portA, portB] = [await freePort(), await freePort()];
  env = { ...env0, REDIS_URL: `redis://127.0.0.1:${redisPort}`, REVALIDATE_URLS: `http://localhost:${portA}` };
  servers.push(await startNext(portA, env));
  servers.push(await startNext(portB, env));
});

after(async () => {
  for (const s of servers) s.stop();
  if (redis) await stopRedis(redis);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Server A (told of takedowns directly). */
const A = () => from(servers[0], 'server A');
/** Server B (hears of them through Redis only). */
const B = () => from(servers[1], 'server B');

/** What the tests of one section leave to the next. */
/** @type {{ headBefore?: Answer; next?: Answer; stored?: Answer; br?: Answer; plain?: Answer; id?: string; videoPath?: string }} */
const seen = {};

describe('1. what the store answers', () => {
  test("Next's HEAD from its page cache", async () => {
    // A first GET renders the page into Next's page cache; a HEAD is never stored.
    await request(`${A().baseUrl}${LISTING}`, { headers: COOKIE });
    const head = await request(`${A().baseUrl}${LISTING}`, { method: 'HEAD', headers: COOKIE });
    seen.headBefore = head;
    assert.equal(fromStore(head), false, 'the HEAD is from the store');
    assert.equal(head.headers['x-nextjs-cache'], 'HIT', "X-Nextjs-Cache of Next's HEAD");
  });

  test(`${LISTING}: answered from the store once Next answered it from its page cache`, async () => {
    const gz = await untilStored(A().baseUrl, LISTING, { ...COOKIE, 'accept-encoding': 'gzip' });
    assert.ok(gz.stored, 'six asks in gzip, none from the store');
    assert.ok(gz.next, 'the first ask was already from the store: Next never answered it');
    seen.stored = gz.stored;
    seen.next = gz.next;
  });

  test("the answer stored was Next's page cache's", () => {
    assert.equal(from(seen.next, "Next's answer").headers['x-nextjs-cache'], 'HIT', 'X-Nextjs-Cache');
  });

  test('the stored answer is the bytes Next sent (gzip)', () => {
    assert.ok(from(seen.stored, "the store's answer").raw.equals(from(seen.next, "Next's answer").raw));
  });

  test('the stored answer has the headers Next sent', () => {
    assert.equal(headerLines(from(seen.stored, "the store's answer")), headerLines(from(seen.next, "Next's answer")));
  });

  test('in brotli for a client that takes it, the same page', async () => {
    const next = from(seen.next, "Next's answer");
    const br = await request(`${A().baseUrl}${LISTING}`, { headers: { ...COOKIE, 'accept-encoding': 'br' } });
    seen.br = br;
    assert.ok(fromStore(br), 'not from the store');
    assert.equal(br.headers['content-encoding'], 'br', 'Content-Encoding');
    assert.equal(decode(br), next.text, 'the page');
  });

  test('as it is for a client that takes neither', async () => {
    const next = from(seen.next, "Next's answer");
    const plain = await request(`${A().baseUrl}${LISTING}`, { headers: COOKIE });
    seen.plain = plain;
    assert.ok(fromStore(plain), 'not from the store');
    assert.equal(plain.headers['content-encoding'], undefined, 'Content-Encoding');
    assert.equal(plain.text, next.text, 'the page');
  });

  test('one ETag per encoding', () => {
    const etags = [from(seen.stored, 'the gzip answer'), from(seen.br, 'the brotli answer'), from(seen.plain, 'the plain answer')].map((r) => r.headers.etag);
    assert.equal(new Set(etags).size, 3, `ETags: ${etags.join(', ')}`);
  });

  test('If-None-Match with its ETag: 304 from the store', async () => {
    const br = from(seen.br, 'the brotli answer');
    const conditional = await request(`${A().baseUrl}${LISTING}`, { headers: { ...COOKIE, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    assert.ok(fromStore(conditional), 'not from the store');
    assert.equal(conditional.status, 304, 'status');
    assert.equal(conditional.raw.length, 0, 'body length');
  });

  test("HEAD from the store: Next's HEAD headers, no body", async () => {
    const headBefore = from(seen.headBefore, "Next's HEAD");
    const head = await request(`${A().baseUrl}${LISTING}`, { method: 'HEAD', headers: COOKIE });
    assert.ok(fromStore(head), 'not from the store');
    assert.equal(head.status, 200, 'status');
    assert.equal(head.raw.length, 0, 'body length');
    assert.equal(headerLines(head), headerLines(headBefore), "the store's HEAD headers (actual) against Next's (expected)");
  });

  // The edge sends its secret and the digest of its own copy of the route's headers; the site leaves
  // its headers to the edge only when that copy is the very one it would send (lib/server/edge-headers.mjs).
  /** @param {import('node:http').IncomingHttpHeaders} headers */
  const copyOf = (headers) => policyDigest(EDGE_OWNED_HEADERS.flatMap((name) => (typeof headers[name] === 'string' ? [[name, headers[name]]] : [])));

  test('the edge (its secret, and the copy of these headers): from the store, without the security headers it adds itself', async () => {
    const next = from(seen.next, "Next's answer");
    const viaEdge = await request(`${A().baseUrl}${LISTING}`, {
      headers: { ...COOKIE, 'accept-encoding': 'gzip', [EDGE_HEADER]: edgeSecret, [EDGE_POLICY_HEADER]: copyOf(next.headers) },
    });
    assert.ok(fromStore(viaEdge), 'not from the store');
    assert.equal(viaEdge.headers['content-security-policy'], undefined, 'Content-Security-Policy');
    assert.ok(viaEdge.raw.equals(next.raw), 'not the bytes Next sent');
  });

  test("the edge's secret with a copy made for another configuration: from the store, with the site's own headers", async () => {
    const stale = await request(`${A().baseUrl}${LISTING}`, { headers: { ...COOKIE, [EDGE_HEADER]: edgeSecret, [EDGE_POLICY_HEADER]: copyOf({ 'content-security-policy': "default-src 'self'" }) } });
    assert.ok(fromStore(stale), 'not from the store');
    assert.equal(typeof stale.headers['content-security-policy'], 'string', 'a Content-Security-Policy');
  });

  test('a wrong secret: from the store, with the security headers', async () => {
    const forged = await request(`${A().baseUrl}${LISTING}`, { headers: { ...COOKIE, [EDGE_HEADER]: 'not-the-secret' } });
    assert.ok(fromStore(forged), 'not from the store');
    assert.equal(typeof forged.headers['content-security-policy'], 'string', 'a Content-Security-Policy');
  });

  // No page sets a cookie: a first visit (a crawler, a visitor from a search engine) gets the same
  // shared page, from the store too, and nobody's cookie.
  test('a first visit (no cookie) is answered from the store too: the same bytes, no cookie set, shared-cacheable', async () => {
    const next = from(seen.next, "Next's answer");
    const firstVisit = (await untilStored(A().baseUrl, LISTING, { 'accept-encoding': 'gzip' })).stored;
    assert.ok(firstVisit, 'six asks without a cookie, none from the store');
    assert.equal(firstVisit.headers['set-cookie'], undefined, 'Set-Cookie');
    assert.doesNotMatch(String(firstVisit.headers['cache-control']), /private|no-store/, 'Cache-Control');
    assert.ok(firstVisit.raw.equals(next.raw), 'not the bytes Next sent');
  });
});

describe('2. a takedown told to A only; B hears of it through Redis', () => {
  test(`${LISTING} lists videos`, () => {
    const ids = videoIds(from(seen.next, "Next's answer").text);
    const [id, dir] = (ids[0] ?? '').split('/');
    assert.ok(id, 'no /video/<id>/<dir>/ link in the listing');
    seen.id = id;
    seen.videoPath = `/video/${id}/${dir}/`;
  });

  for (const name of ['A', 'B']) {
    test(`before: ${name} answers the listing (with the video) and its page from the store`, async () => {
      const videoPath = from(seen.videoPath, 'a listed video');
      const server = name === 'A' ? A() : B();
      const listing = await untilStored(server.baseUrl, LISTING, COOKIE);
      const video = await untilStored(server.baseUrl, videoPath, COOKIE);
      assert.ok(listing.stored, 'the listing, six times not from the store');
      assert.ok(listing.stored.text.includes(videoPath), `the stored listing does not link ${videoPath}`);
      assert.ok(video.stored, `${videoPath}, six times not from the store`);
    });
  }

  test('catalog remove reports the removal', async () => {
    const id = from(seen.id, 'a listed video');
    const removal = await runNpmScript(env, ['catalog', '--', 'remove', id]);
    assert.equal(removal.code, 0, 'exit code');
    assert.ok(removal.out.includes(`removed video ${id}`), `no "removed video ${id}" in its output`);
  });

  test("A at once: the listing is Next's again, without the video", async () => {
    const videoPath = from(seen.videoPath, 'a listed video');
    const listingA = await request(`${A().baseUrl}${LISTING}`, { headers: COOKIE });
    assert.equal(fromStore(listingA), false, 'from the store');
    assert.equal(listingA.status, 200, 'status');
    assert.ok(!listingA.text.includes(videoPath), `the listing still links ${videoPath}`);
  });

  test('A at once: the video page answers 404, 410 or a redirect', async () => {
    const videoA = await request(`${A().baseUrl}${from(seen.videoPath, 'a listed video')}`, { headers: COOKIE });
    assert.equal(fromStore(videoA), false, 'from the store');
    assert.ok(GONE.includes(videoA.status), `status ${videoA.status}`);
  });

  test('B (through Redis only): the listing lacks the video within 60 s', async (t) => {
    const videoPath = from(seen.videoPath, 'a listed video');
    const started = Date.now();
    let listingB = await request(`${B().baseUrl}${LISTING}`, { headers: COOKIE });
    while (listingB.text.includes(videoPath) && Date.now() - started < 60_000) {
      await new Promise((r) => setTimeout(r, 200));
      listingB = await request(`${B().baseUrl}${LISTING}`, { headers: COOKIE });
    }
    t.diagnostic(`B's listing lacked it after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.ok(!listingB.text.includes(videoPath), `B's listing still links ${videoPath} after 60 s`);
  });

  test('B then: never the listing with it again (store or not), the video page gone', async () => {
    const videoPath = from(seen.videoPath, 'a listed video');
    const laterB = await Promise.all([0, 1, 2, 3].map(() => request(`${B().baseUrl}${LISTING}`, { headers: COOKIE })));
    const videoB = await request(`${B().baseUrl}${videoPath}`, { headers: COOKIE });
    assert.deepEqual(
      laterB.map((r) => `${r.status}${r.text.includes(videoPath) ? ' with the video' : ''}`),
      ['200', '200', '200', '200'],
      'four more asks for the listing',
    );
    assert.ok(GONE.includes(videoB.status), `the video page answers ${videoB.status}`);
  });

  test('B stores the new listing again, without the video', async () => {
    const storedAfter = await untilStored(B().baseUrl, LISTING, COOKIE);
    assert.ok(storedAfter.stored, 'six asks, none from the store');
    assert.ok(!storedAfter.stored.text.includes(from(seen.videoPath, 'a listed video')), 'the stored listing links the video');
  });
});

describe('3. a catalogue change through the endpoint (as an import or the publish clock sends it)', () => {
  test('A: the listing is answered from the store again', async () => {
    assert.ok((await untilStored(A().baseUrl, LISTING, COOKIE)).stored, 'six asks, none from the store');
  });

  test('the change endpoint answers 200', async () => {
    const change = await request(`${A().baseUrl}/api/internal/catalog-changed/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-catalog-secret': secret },
      body: JSON.stringify({ reason: 'import', videoIds: [] }),
    });
    assert.equal(change.status, 200, `the change endpoint answers ${change.status} ${change.text}`);
  });

  test("after a catalogue change the listing is Next's again", async (t) => {
    const afterChange = await request(`${A().baseUrl}${LISTING}`, { headers: COOKIE });
    t.diagnostic(`X-Nextjs-Cache after the change: ${afterChange.headers['x-nextjs-cache']}`);
    assert.equal(fromStore(afterChange), false, 'the listing is still from the store');
    assert.equal(afterChange.status, 200, 'status');
  });

  test('a refused change (403) leaves the store alone', async () => {
    const stillStored = await untilStored(A().baseUrl, LISTING, COOKIE);
    assert.ok(stillStored.stored, 'six asks, none from the store');
    const refused = await request(`${A().baseUrl}/api/internal/catalog-changed/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-catalog-secret': 'wrong-secret-wrong-secret' },
      body: '{"reason":"import","videoIds":[]}',
    });
    assert.equal(refused.status, 403, 'status of the refused change');
    const afterRefused = await request(`${A().baseUrl}${LISTING}`, { headers: COOKIE });
    assert.ok(fromStore(afterRefused), 'the listing is no longer from the store');
  });
});
