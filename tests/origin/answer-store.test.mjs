#!/usr/bin/env node
/**
 * npm run test:origin: the site's server's store of finished page answers (lib/server/answer-store.mjs)
 * over real HTTP, on two servers (server.mjs, as `npm start` runs it) sharing a page cache through
 * a throwaway Debian `redis-server`, on one embedded catalogue file, with ANSWER_STORE_TRACE=1 (an
 * answer from the store says so):
 *  1. a cached listing is answered from the store after Next answered it from its page cache, with
 *     Next's body and headers, in gzip, brotli or as it is, 304 for its ETag, HEAD as Next's HEAD;
 *     the edge's security headers logic still applies (left out only for the edge's secret);
 *     a first visit (no cookie: the proxy sets one) is never answered from it;
 *  2. a takedown told to server A only (`npm run catalog -- remove`, REVALIDATE_URLS=A): A's next
 *     answers lack the video at once (listing, video page); B, told through Redis only, stops
 *     showing it within 60 s (its page cache's delay), and its store never brings it back;
 *  3. a catalogue change through the endpoint (an import's or the publish clock's) empties the
 *     store: the next answer is Next's again.
 * Every process is stopped at the end, whatever happens.
 *
 * Environment: NEXT_DIST_DIR (default .next; built when missing or older than the sources),
 * REDIS_SERVER (default /usr/bin/redis-server).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildOrPrepare, freePort, freshCatalogEnv, runMain, runNpmScript, startNext } from '../tests/support/system/harness.mjs';
import { request } from '../tests/support/system/http-client.mjs';
import { startRedis, stopRedis } from '../tests/support/system/redis.mjs';

const DIST = process.env.NEXT_DIST_DIR || '.next';
const LISTING = '/videos/latest-updates/1/';
const STORE = 'x-tubefront-answer-store';
const COOKIE = { cookie: 'tf_country=XX' };
let failures = 0;

/**
 * @typedef {{ status: number | undefined; headers: import('node:http').IncomingHttpHeaders; raw: Buffer; text: string }} Answer
 */

/**
 * @param {boolean} ok
 * @param {string} what
 */
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
}

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

runMain('test:origin', async () => {
  const secret = randomBytes(24).toString('hex');
  const edgeSecret = randomBytes(24).toString('base64url');
  const env0 = { ...freshCatalogEnv('data/origin-store.db'), NEXT_DIST_DIR: DIST, ANSWER_STORE_TRACE: '1', REVALIDATE_SECRET: secret, EDGE_SECRET: edgeSecret };
  const built = buildOrPrepare(env0);
  if (built !== 0) return built;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-origin-'));
  const redisPort = await freePort();
  const redis = await startRedis(redisPort, tmp);
  const [portA, portB] = [await freePort(), await freePort()];
  const env = { ...env0, REDIS_URL: `redis://127.0.0.1:${redisPort}`, REVALIDATE_URLS: `http://localhost:${portA}` };
  const servers = [];
  try {
    const a = await startNext(portA, env);
    servers.push(a);
    const b = await startNext(portB, env);
    servers.push(b);

    // 1. What the store answers.
    // Next's HEAD of the page from its page cache (a first GET renders it; a HEAD is never stored).
    await request(`${a.baseUrl}${LISTING}`, { headers: COOKIE });
    const headBefore = await request(`${a.baseUrl}${LISTING}`, { method: 'HEAD', headers: COOKIE });
    check(!fromStore(headBefore) && headBefore.headers['x-nextjs-cache'] === 'HIT', "Next's HEAD from its page cache");
    const gz = await untilStored(a.baseUrl, LISTING, { ...COOKIE, 'accept-encoding': 'gzip' });
    check(Boolean(gz.stored), `${LISTING}: answered from the store once Next answered it from its page cache`);
    if (!gz.stored || !gz.next) return 1;
    check(gz.next.headers['x-nextjs-cache'] === 'HIT', `the answer stored was Next's page cache's (X-Nextjs-Cache: ${gz.next.headers['x-nextjs-cache']})`);
    check(gz.stored.raw.equals(gz.next.raw), 'the stored answer is the bytes Next sent (gzip)');
    check(headerLines(gz.stored) === headerLines(gz.next), 'the stored answer has the headers Next sent');
    const br = await request(`${a.baseUrl}${LISTING}`, { headers: { ...COOKIE, 'accept-encoding': 'br' } });
    const plain = await request(`${a.baseUrl}${LISTING}`, { headers: COOKIE });
    check(fromStore(br) && br.headers['content-encoding'] === 'br' && decode(br) === gz.next.text, 'in brotli for a client that takes it, the same page');
    check(fromStore(plain) && plain.headers['content-encoding'] === undefined && plain.text === gz.next.text, 'as it is for a client that takes neither');
    check(new Set([gz.stored.headers.etag, br.headers.etag, plain.headers.etag]).size === 3, 'one ETag per encoding');
    const conditional = await request(`${a.baseUrl}${LISTING}`, { headers: { ...COOKIE, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    check(fromStore(conditional) && conditional.status === 304 && conditional.raw.length === 0, `If-None-Match with its ETag: ${conditional.status} from the store`);
    const head = await request(`${a.baseUrl}${LISTING}`, { method: 'HEAD', headers: COOKIE });
    check(fromStore(head) && head.status === 200 && head.raw.length === 0 && headerLines(head) === headerLines(headBefore), "HEAD from the store: Next's HEAD headers, no body");
    if (headerLines(head) !== headerLines(headBefore)) console.log(`  Next's HEAD:\n${headerLines(headBefore)}\n  the store's:\n${headerLines(head)}`);
    const viaEdge = await request(`${a.baseUrl}${LISTING}`, { headers: { ...COOKIE, 'accept-encoding': 'gzip', 'x-tubefront-edge': edgeSecret } });
    check(fromStore(viaEdge) && viaEdge.headers['content-security-policy'] === undefined && viaEdge.raw.equals(gz.next.raw), "the edge (its secret): from the store, without the security headers it adds itself");
    const forged = await request(`${a.baseUrl}${LISTING}`, { headers: { ...COOKIE, 'x-tubefront-edge': 'not-the-secret' } });
    check(fromStore(forged) && typeof forged.headers['content-security-policy'] === 'string', 'a wrong secret: from the store, with the security headers');
    // No page sets a cookie: a first visit (a crawler, a visitor from a search engine) gets the same
    // shared page, from the store too, and nobody's cookie.
    const cookieless = await untilStored(a.baseUrl, LISTING, { 'accept-encoding': 'gzip' });
    const firstVisit = cookieless.stored;
    check(
      Boolean(firstVisit) && firstVisit?.headers['set-cookie'] === undefined && !/private|no-store/.test(String(firstVisit?.headers['cache-control'])) && Boolean(firstVisit?.raw.equals(gz.next.raw)),
      'a first visit (no cookie) is answered from the store too: the same bytes, no cookie set, shared-cacheable',
    );

    // 2. A takedown told to A only; B hears of it through Redis.
    const ids = videoIds(gz.next.text);
    const [id, dir] = (ids[0] ?? '').split('/');
    check(Boolean(id), `${LISTING} lists videos (${ids.length})`);
    if (!id) return 1;
    const videoPath = `/video/${id}/${dir}/`;
    for (const server of [a, b]) {
      const listing = await untilStored(server.baseUrl, LISTING, COOKIE);
      const video = await untilStored(server.baseUrl, videoPath, COOKIE);
      check(Boolean(listing.stored?.text.includes(videoPath)) && Boolean(video.stored), `before: ${server === a ? 'A' : 'B'} answers the listing (with video ${id}) and its page from the store`);
    }
    const removal = await runNpmScript(env, ['catalog', '--', 'remove', id]);
    check(removal.code === 0 && removal.out.includes(`removed video ${id}`), 'catalog remove reports the removal');
    const listingA = await request(`${a.baseUrl}${LISTING}`, { headers: COOKIE });
    const videoA = await request(`${a.baseUrl}${videoPath}`, { headers: COOKIE });
    check(!fromStore(listingA) && listingA.status === 200 && !listingA.text.includes(videoPath), `A at once: the listing is Next's again, without video ${id}`);
    check(!fromStore(videoA) && [404, 410, 307, 308].includes(videoA.status), `A at once: the video page answers ${videoA.status}`);
    const started = Date.now();
    let listingB = await request(`${b.baseUrl}${LISTING}`, { headers: COOKIE });
    while (listingB.text.includes(videoPath) && Date.now() - started < 60_000) {
      await new Promise((r) => setTimeout(r, 200));
      listingB = await request(`${b.baseUrl}${LISTING}`, { headers: COOKIE });
    }
    check(!listingB.text.includes(videoPath), `B (through Redis only): the listing lacks video ${id} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const laterB = await Promise.all([0, 1, 2, 3].map(() => request(`${b.baseUrl}${LISTING}`, { headers: COOKIE })));
    const videoB = await request(`${b.baseUrl}${videoPath}`, { headers: COOKIE });
    check(laterB.every((r) => r.status === 200 && !r.text.includes(videoPath)) && [404, 410, 307, 308].includes(videoB.status), `B then: never the listing with it again (store or not), the video page ${videoB.status}`);
    const storedAfter = await untilStored(b.baseUrl, LISTING, COOKIE);
    check(Boolean(storedAfter.stored) && !storedAfter.stored?.text.includes(videoPath), 'B stores the new listing again, without the video');

    // 3. A catalogue change through the endpoint (as an import or the publish clock sends it).
    const again = await untilStored(a.baseUrl, LISTING, COOKIE);
    check(Boolean(again.stored), 'A: the listing is answered from the store again');
    const change = await request(`${a.baseUrl}/api/internal/catalog-changed/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-catalog-secret': secret },
      body: JSON.stringify({ reason: 'import', videoIds: [] }),
    });
    check(change.status === 200, `the change endpoint answers ${change.status}`);
    const afterChange = await request(`${a.baseUrl}${LISTING}`, { headers: COOKIE });
    check(!fromStore(afterChange) && afterChange.status === 200, `after a catalogue change the listing is Next's again (X-Nextjs-Cache: ${afterChange.headers['x-nextjs-cache']})`);
    const stillStored = await untilStored(a.baseUrl, LISTING, COOKIE);
    const refused = await request(`${a.baseUrl}/api/internal/catalog-changed/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-catalog-secret': 'wrong-secret-wrong-secret' }, body: '{"reason":"import","videoIds":[]}' });
    const afterRefused = await request(`${a.baseUrl}${LISTING}`, { headers: COOKIE });
    check(refused.status === 403 && Boolean(stillStored.stored) && fromStore(afterRefused), `a refused change (${refused.status}) leaves the store alone`);
  } finally {
    for (const s of servers) s.stop();
    await stopRedis(redis);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(failures ? `test:origin: ${failures} check(s) failed` : 'test:origin: all checks passed');
  return failures ? 1 : 0;
});
