/**
 * What the test:redis files share: the suite's standalone build, the throwaway TLS files of its
 * redis-server, requests as a returning visitor, what a server shows of one video, and the two
 * behaviours asked of both pairs of servers sharing Redis (the `npm start` pair and the standalone
 * copies): pages rendered on one are hits on the other, and a takedown told to one leaves the other.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshCatalogEnv, root, run, runNpmScript } from '../support/system/harness.mjs';
import { REDIS_SERVER, signalGroup } from '../support/system/redis.mjs';
import { assertEvery, prepareSite } from '../support/system/suite.mjs';

/**
 * A video as the checks follow it: its page's path and its id.
 * @typedef {{ url: string; id: number }} Video
 */
/**
 * A running site server (harness.mjs's startNext or startStandalone), named for the messages.
 * @typedef {import('../support/system/harness.mjs').SiteServer & { name: string }} Server
 */
/** @typedef {Awaited<ReturnType<typeof get>>} Answer */
/** @typedef {Awaited<ReturnType<typeof visibility>>} Visibility */

/** The suite's build folder: a standalone build of its own (not `.next`, which other suites share). */
export const DIST_DIR = process.env.NEXT_DIST_DIR || '.next-redis';
/** Longest a page may take while Redis is down or frozen: a read's timeout plus a render, on a busy machine. */
export const OUTAGE_ANSWER_MS = 10_000;
/** Longest a takedown told to one server may take to leave another. */
export const TAKEDOWN_MS = 60_000;
const RETURNING = { cookie: 'tf_country=ZZ' };

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** @param {number} ms */
export const fmt = (ms) => `${Math.round(ms)} ms`;

// --- the build ------------------------------------------------------------------------------------

/**
 * The suite's catalogue (re-created) and its standalone build, made when missing or older than the
 * sources, then packed (scripts/build-standalone.mjs --no-build); built without REDIS_URL, since the
 * standalone folder must take it at start. Throws when a step fails. Returns the servers'
 * environment, without REDIS_URL (NEXT_STANDALONE is a build setting: a server reading it warns
 * that next start does not work).
 * @returns {NodeJS.ProcessEnv}
 */
export function prepareStandaloneBuild() {
  if (!fs.existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing (Debian package redis-server)`);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...freshCatalogEnv(process.env.DATABASE_PATH || 'data/redis-suite.db', { NEXT_STANDALONE: '1' }), NEXT_DIST_DIR: DIST_DIR };
  delete env.REDIS_URL;
  // A build made without NEXT_STANDALONE has no standalone folder: build again.
  if (!fs.existsSync(path.join(root, DIST_DIR, 'standalone', 'server.js'))) fs.rmSync(path.join(root, DIST_DIR, 'BUILD_ID'), { force: true });
  prepareSite(env);
  const packed = run(process.execPath, ['scripts/build-standalone.mjs', '--no-build'], env);
  if (packed !== 0) throw new Error(`scripts/build-standalone.mjs --no-build exited ${packed}`);
  delete env.NEXT_STANDALONE;
  return env;
}

// --- redis ----------------------------------------------------------------------------------------

/**
 * A throwaway CA and a certificate it signed for localhost and 127.0.0.1 (EC keys: milliseconds),
 * for redis-server's TLS port. Node is given the CA only, as an operator would (NODE_EXTRA_CA_CERTS).
 * @param {string} dir
 */
export function makeTlsFiles(dir) {
  /** @param {string} name */
  const f = (name) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  fs.writeFileSync(f('san.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  for (const args of [
    ['req', '-x509', ...ec, '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2', '-subj', '/CN=tubefront test CA'],
    ['req', ...ec, '-keyout', f('redis.key'), '-out', f('redis.csr'), '-subj', '/CN=localhost'],
    ['x509', '-req', '-in', f('redis.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f('redis.pem'), '-days', '2', '-extfile', f('san.cnf')],
  ]) {
    const r = spawnSync('openssl', args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.error?.message ?? r.stderr}`);
  }
  return { ca: f('ca.pem'), cert: f('redis.pem'), key: f('redis.key') };
}

/**
 * Kills redis-server outright (no shutdown: what a crash looks like to the servers) and waits until it is gone.
 * @param {import('../support/system/redis.mjs').ProcessHandle} handle
 */
export async function killRedis(handle) {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null) return;
  const exited = new Promise((r) => handle.child.once('exit', r));
  signalGroup(handle, 'SIGKILL');
  await exited;
  handle.stop();
}

// --- http -----------------------------------------------------------------------------------------

/**
 * One request as a returning visitor; never throws (a timeout or a refused connection is status 0).
 * @param {string} base
 * @param {string} p
 * @param {number} [timeoutMs]
 */
export async function get(base, p, timeoutMs = 30_000) {
  const started = performance.now();
  try {
    const res = await fetch(base + p, { redirect: 'manual', headers: RETURNING, signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    return { status: res.status, cache: res.headers.get('x-nextjs-cache'), location: res.headers.get('location') ?? '', body, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, cache: null, location: '', body: '', ms: performance.now() - started, error: /** @type {Error | undefined} */ (err)?.message || String(err) };
  }
}

/**
 * An answer in a few words, for the messages.
 * @param {Answer} r
 */
export const brief = (r) => `${r.status}${r.cache ? ` ${r.cache}` : ''} in ${fmt(r.ms)}${r.error ? ` (${r.error})` : ''}`;

/**
 * What one server shows of one video: its page, its entry in the listing, its API answer.
 * @param {string} base
 * @param {Video} video
 */
export async function visibility(base, video) {
  const [page, listing, api] = await Promise.all([get(base, video.url), get(base, '/videos/latest-updates/1/'), get(base, apiPath(video.id))]);
  return {
    page: page.status === 200,
    listing: listing.body.includes(`href="${video.url}"`),
    api: api.status === 200 && api.body.includes(`"video_id":${video.id}`),
  };
}
/** Nothing of the video shown anywhere. */
export const NOTHING = { page: false, listing: false, api: false };
/** All of the video shown. */
export const EVERYTHING = { page: true, listing: true, api: true };

/**
 * What `base` shows of `video` once nothing of it is shown, or at the deadline (polled).
 * @param {string} base
 * @param {Video} video
 * @param {number} [limitMs]
 */
export async function waitGone(base, video, limitMs = TAKEDOWN_MS) {
  const started = Date.now();
  let seen = await visibility(base, video);
  while (Object.values(seen).some(Boolean) && Date.now() - started < limitMs) {
    await sleep(250);
    seen = await visibility(base, video);
  }
  return { seen, seconds: (Date.now() - started) / 1000 };
}

/**
 * The videos a listing links to, in order.
 * @param {string} html
 * @returns {Video[]}
 */
export function videosIn(html) {
  const urls = [...new Set([...html.matchAll(/href="(\/video\/\d+\/[^"/]+\/)"/g)].map((m) => /** @type {string} */ (m[1])))];
  return urls.map((url) => ({ url, id: Number(url.split('/')[2]) }));
}

/** @param {number} id */
export const apiPath = (id) => `/api/json/video/86400/${Math.floor(id / 1_000_000) * 1_000_000}/${Math.floor(id / 1000) * 1000}/${id}.json`;

/** @param {number[]} xs */
export const median = (xs) => /** @type {number} */ ([...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]);
/** @param {number[]} xs */
export const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;

// --- what two servers sharing Redis must show -----------------------------------------------------

/**
 * Each of `paths` requested on `a`, then on `b` (`first` holds answers `a` already gave).
 * @param {Server} a
 * @param {Server} b
 * @param {string[]} paths
 * @param {Record<string, Answer>} [first]
 */
export async function onBothInTurn(a, b, paths, first = {}) {
  /** @type {{ p: string; onA: Answer; onB: Answer }[]} */
  const seen = [];
  for (const p of paths) {
    const onA = first[p] ?? (await get(a.baseUrl, p));
    seen.push({ p, onA, onB: await get(b.baseUrl, p) });
  }
  return seen;
}

/**
 * Asserts that each page `onBothInTurn` requested was a MISS on `a` (rendered there) and a HIT on
 * `b`'s first request for it, with a's body; names every page for which it was not.
 * @param {Server} a
 * @param {Server} b
 * @param {Awaited<ReturnType<typeof onBothInTurn>>} seen
 */
export function assertMissThenHit(a, b, seen) {
  assertEvery(
    seen,
    ({ p, onA, onB }) =>
      onA.status === 200 && onA.cache === 'MISS' && onB.status === 200 && onB.cache === 'HIT' && onB.body === onA.body
        ? null
        : `${p}: ${a.name} ${brief(onA)}, then ${b.name}'s first request ${brief(onB)}${onB.status === 200 && onB.body !== onA.body ? ` with another body than ${a.name}'s` : ''}`,
    `a MISS on ${a.name} then a HIT on ${b.name} with ${a.name}'s body`,
  );
}

/**
 * The video's page cached on both servers, and its API answer on `b`.
 * @param {Server} a
 * @param {Server} b
 * @param {Video} video
 */
export async function warm(a, b, video) {
  await get(a.baseUrl, video.url);
  await get(b.baseUrl, video.url);
  await get(b.baseUrl, apiPath(video.id));
}

/**
 * `npm run catalog -- remove <id>`, telling the servers in REVALIDATE_URLS (or `none`).
 * @param {NodeJS.ProcessEnv} env
 * @param {number} id
 * @param {string} revalidateUrls
 */
export const removeVideo = (env, id, revalidateUrls) => runNpmScript({ ...env, REVALIDATE_URLS: revalidateUrls }, ['catalog', '--', 'remove', String(id)], { showEnv: ['REVALIDATE_URLS'] });

/**
 * The tests of a takedown of `target()` told to `a()` only (`npm run catalog -- remove`,
 * REVALIDATE_URLS=a): it leaves `b()` (page, listing entry, API answer) within a minute, and `a()`.
 * Declared inside a `describe`, whose tests run in order; the getters are read when the tests run
 * (the servers start in a `before` hook).
 * @param {{ a: () => Server; b: () => Server; env: () => NodeJS.ProcessEnv; target: () => Video }} pair
 * @param {import('node:test').test} test
 */
export function takedownTests({ a, b, env, target }, test) {
  let cliStarted = 0;
  test('before the takedown B shows the video (page, listing, API)', async () => {
    await warm(a(), b(), target());
    assert.deepEqual(await visibility(b().baseUrl, target()), EVERYTHING, `${b().name} should show video ${target().id}`);
  });
  test('the takedown is told to A only', async () => {
    cliStarted = Date.now();
    const removal = await removeVideo(env(), target().id, a().baseUrl);
    assert.equal(removal.code, 0, 'npm run catalog -- remove should exit 0');
    assert.ok(removal.out.includes(`site ${a().baseUrl}: pages purged`), `the CLI should say ${a().name} purged its pages:\n${removal.out}`);
  });
  test('after the takedown B no longer shows the video (page, listing, API) within a minute', async (t) => {
    const gone = await waitGone(b().baseUrl, target());
    t.diagnostic(`gone from ${b().name} ${((Date.now() - cliStarted) / 1000).toFixed(1)} s after the CLI started`);
    assert.deepEqual(gone.seen, NOTHING, `${b().name} still shows video ${target().id} after ${gone.seconds.toFixed(1)} s`);
  });
  test("B answers the removed video's page with a 404 (or a redirect to it)", async () => {
    const page = await get(b().baseUrl, target().url);
    assert.ok(page.status === 404 || ([307, 308].includes(page.status) && page.location.includes('/404/')), `${b().name} answered ${brief(page)} ${page.location}`);
  });
  test('A no longer shows it either', async () => {
    assert.deepEqual(await visibility(a().baseUrl, target()), NOTHING, `${a().name} still shows video ${target().id}`);
  });
}

// --- the standalone build, away from the checkout ------------------------------------------------

/**
 * A module for `node --import`: any module the process would load from the checkout (`dir`) is
 * refused, CommonJS and ESM alike (Next imports the cache handler with import()). A standalone
 * copy that still needed the checkout fails instead of quietly reading it.
 * @param {string} file
 * @param {string} dir
 */
export function writeCheckoutGuard(file, dir) {
  const prefix = pathToFileURL(dir).href + '/';
  const hook = `export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (r.url.startsWith(${JSON.stringify(prefix)})) throw new Error('loaded from the checkout: ' + r.url);
  return r;
}`;
  fs.writeFileSync(
    file,
    `import Module, { register } from 'node:module';
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const f = resolveFilename.apply(this, args);
  if (f.startsWith(${JSON.stringify(dir + '/')})) throw new Error('loaded from the checkout: ' + f);
  return f;
};
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});
`,
  );
}
