#!/usr/bin/env node
/**
 * npm run test:redis: two `next start` servers sharing one page cache through Redis (REDIS_URL,
 * lib/cache/redis-handler.mjs), over real HTTP, on one embedded catalogue file.
 *
 * Starts a throwaway Debian `redis-server` (free port, no persistence, temporary folder) and two
 * servers A and B (server.mjs, as `npm start` runs it) with the same REDIS_URL, then checks:
 *  1. the stored form of a cache entry keeps Buffers (every byte value) and Maps; the handler, in a
 *     process of its own against the real Redis, drops a render that raced a purge
 *     (scripts/lib/redis-handler-check.mjs);
 *  2. pages rendered on A (MISS) are a HIT on B's first request for them, with A's body;
 *  3. a takedown told to A only (`npm run catalog -- remove`, REVALIDATE_URLS=A) removes the video
 *     page, its listing entry and its API answer on B within 60 s; and, as a control, a takedown
 *     told to nobody leaves B serving the removed video from the cache (so the check can fail);
 *  4. Redis killed: both servers keep answering 200 (cached pages from memory, new pages
 *     rendered), so does a third server started meanwhile; a takedown told to A meanwhile reaches
 *     B once Redis is back, and sharing resumes;
 *  5. Redis frozen (SIGSTOP): both servers still answer 200 within seconds (timeouts), then resume;
 *  6. the STANDALONE build, copied out of the checkout (a loader hook refuses any module from the
 *     checkout) and built without REDIS_URL: two servers from the copy, given REDIS_URL at start
 *     only, share pages (a miss on A then a hit on B, and back) and a takedown told to A leaves B.
 *     A talks to Redis over TLS (rediss://, redis-server's TLS port, a throwaway CA given to Node
 *     with NODE_EXTRA_CA_CERTS), B over plain TCP; a third copy started without REDIS_URL leaves
 *     Redis alone.
 * Every process is stopped at the end, whatever happens.
 *
 * The build is a standalone one (NEXT_STANDALONE=1, then scripts/build-standalone.mjs --no-build):
 * the `npm start` servers of 1-5 run on it as on any build.
 *
 * Environment: NEXT_DIST_DIR (default .next-redis; built when missing or older than the sources),
 * REDIS_SERVER (default /usr/bin/redis-server), DATABASE_PATH (default data/redis-suite.db).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { deserialise, serialise } from '../lib/cache/redis-handler.mjs';
import { buildOrPrepare, freePort, freshCatalogEnv, root, run, runMain, runNpmScript, startNext, startStandalone } from '../tests/support/system/harness.mjs';
import { REDIS_SERVER, redisCommand, signalGroup, startRedis, stopRedis } from '../tests/support/system/redis.mjs';

/**
 * A video as the checks follow it: its page's path and its id.
 * @typedef {{ url: string; id: number }} Video
 */
/**
 * A running site server (harness.mjs's startNext or startStandalone), named for the messages.
 * @typedef {{ baseUrl: string; stop(): void }} Started
 * @typedef {Started & { name: string }} Server
 */
/** @typedef {Awaited<ReturnType<typeof get>>} Answer */

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} args
 */
const cli = (env, args) => runNpmScript(env, args, { showEnv: ['REVALIDATE_URLS'] });

const DIST_DIR = process.env.NEXT_DIST_DIR || '.next-redis';
/** Longest a page may take while Redis is down or frozen: a read's timeout plus a render, on a busy machine. */
const OUTAGE_ANSWER_MS = 10_000;
const RETURNING = { cookie: 'tf_country=ZZ' };

let failures = 0;
/**
 * @param {boolean} ok
 * @param {string} what
 */
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
  return ok;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- redis ----------------------------------------------------------------------------------------

/**
 * A throwaway CA and a certificate it signed for localhost and 127.0.0.1 (EC keys: milliseconds),
 * for redis-server's TLS port. Node is given the CA only, as an operator would (NODE_EXTRA_CA_CERTS).
 * @param {string} dir
 */
function makeTlsFiles(dir) {
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

/** @param {import('../tests/support/system/redis.mjs').ProcessHandle} handle */
async function killRedis(handle) {
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
async function get(base, p, timeoutMs = 30_000) {
  const started = performance.now();
  try {
    const res = await fetch(base + p, { redirect: 'manual', headers: RETURNING, signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    return { status: res.status, cache: res.headers.get('x-nextjs-cache'), location: res.headers.get('location') ?? '', body, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, cache: null, location: '', body: '', ms: performance.now() - started, error: /** @type {Error | undefined} */ (err)?.message || String(err) };
  }
}

/** @param {number} ms */
const fmt = (ms) => `${Math.round(ms)} ms`;


/**
 * What B (or A) shows of one video: its page, its entry in the listing, its API answer.
 * @param {string} base
 * @param {Video} video
 */
async function visibility(base, video) {
  const [page, listing, api] = await Promise.all([
    get(base, video.url),
    get(base, '/videos/latest-updates/1/'),
    get(base, apiPath(video.id)),
  ]);
  return {
    page: page.status === 200,
    listing: listing.body.includes(`href="${video.url}"`),
    api: api.status === 200 && api.body.includes(`"video_id":${video.id}`),
  };
}
/** @param {Record<string, boolean>} v */
const anyVisible = (v) => Object.values(v).some(Boolean);

/**
 * @param {string} base
 * @param {Video} video
 * @param {number} [limitMs]
 */
async function waitGone(base, video, limitMs = 60_000) {
  const started = Date.now();
  let seen = await visibility(base, video);
  while (anyVisible(seen) && Date.now() - started < limitMs) {
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
function videosIn(html) {
  const urls = [...new Set([...html.matchAll(/href="(\/video\/\d+\/[^"/]+\/)"/g)].map((m) => /** @type {string} */ (m[1])))];
  return urls.map((url) => ({ url, id: Number(url.split('/')[2]) }));
}

/** @param {number} id */
const apiPath = (id) => `/api/json/video/86400/${Math.floor(id / 1_000_000) * 1_000_000}/${Math.floor(id / 1000) * 1000}/${id}.json`;

// --- the checks -----------------------------------------------------------------------------------

function checkSerialisation() {
  const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const entry = {
    lastModified: 1_700_000_000_000,
    cacheControl: { revalidate: 86400, expire: 172800 },
    value: {
      kind: 'APP_PAGE',
      html: '<p>héllo ✓ \u0000 </p>',
      rscData: bytes,
      headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/page', 'set-cookie': ['a=1', 'b=2'] },
      status: 200,
      postponed: undefined,
      segmentData: new Map([['/_tree', bytes.subarray(10, 20)], ['/_index', Buffer.alloc(0)]]),
    },
  };
  // What the checks read of the entries that come back (each is a hit: never null here).
  /** @typedef {{ lastModified?: number; cacheControl?: unknown; value: Record<string, unknown> }} Back */
  const back = /** @type {Back} */ (deserialise(serialise(entry)));
  const { postponed: _postponed, ...expectedValue } = entry.value;
  void _postponed;
  check(
    isDeepStrictEqual(back.value, expectedValue) && Buffer.isBuffer(back.value.rscData) && back.value.segmentData instanceof Map && back.lastModified === entry.lastModified && isDeepStrictEqual(back.cacheControl, entry.cacheControl),
    'serialisation: an APP_PAGE entry comes back with every byte of its Buffers and its Map',
  );
  const route = { lastModified: 1, value: { kind: 'APP_ROUTE', body: bytes, status: 200, headers: { 'content-type': 'application/json' } } };
  const routeBack = /** @type {Back} */ (deserialise(serialise(route)));
  const routeBody = routeBack.value.body;
  check(Buffer.isBuffer(routeBody) && routeBody.equals(bytes), 'serialisation: an APP_ROUTE body keeps bytes 0x80-0xff');
  const tricky = { lastModified: 1, value: { kind: 'FETCH', data: { headers: {}, body: '{}', url: 'x', status: 200 }, revalidate: 60, tags: ['t'], odd: { $b: 'not base64' } } };
  check(isDeepStrictEqual(/** @type {Back} */ (deserialise(serialise(tricky))).value, tricky.value), 'serialisation: a plain object shaped like an encoded Buffer stays a plain object');
}

// --- what two servers sharing Redis must show (run on the npm start pair, then on the standalone pair) ---

/**
 * Each of `paths` rendered on `a` (MISS) is a HIT on `b`'s first request for it, with a's body.
 * `first` holds answers `a` already gave. Returns the times of the misses and of the hits.
 * @param {Server} a
 * @param {Server} b
 * @param {string[]} paths
 * @param {{ first?: Record<string, Answer>; label?: string }} [options]
 */
async function missThenHit(a, b, paths, { first = {}, label = '' } = {}) {
  /** @type {number[]} */
  const missMs = [];
  /** @type {number[]} */
  const hitMs = [];
  for (const p of paths) {
    const onA = first[p] ?? (await get(a.baseUrl, p));
    const onB = await get(b.baseUrl, p);
    check(
      onA.status === 200 && onA.cache === 'MISS' && onB.status === 200 && onB.cache === 'HIT' && onB.body === onA.body,
      `${label}${p}: ${a.name} ${onA.cache} in ${fmt(onA.ms)}, then ${b.name}'s first request ${onB.cache} in ${fmt(onB.ms)} with ${a.name}'s body`,
    );
    if (onA.cache === 'MISS') missMs.push(onA.ms);
    hitMs.push(onB.ms);
  }
  return { missMs, hitMs };
}

/**
 * The video's page cached on both servers, and its API answer on `b`.
 * @param {Server} a
 * @param {Server} b
 * @param {Video} video
 */
async function warm(a, b, video) {
  await get(a.baseUrl, video.url);
  await get(b.baseUrl, video.url);
  await get(b.baseUrl, apiPath(video.id));
}

/**
 * A takedown of `target` told to `a` only (`npm run catalog -- remove`, REVALIDATE_URLS=a) removes
 * it from `b` (page, listing entry, API answer) within 60 s, and from `a`.
 * @param {Server} a
 * @param {Server} b
 * @param {NodeJS.ProcessEnv} env
 * @param {Video} target
 * @param {{ label?: string }} [options]
 */
async function takedownReaches(a, b, env, target, { label = '' } = {}) {
  await warm(a, b, target);
  const before = await visibility(b.baseUrl, target);
  check(Object.values(before).every(Boolean), `${label}before the takedown ${b.name} shows video ${target.id}: ${JSON.stringify(before)}`);
  const started = Date.now();
  const removal = await cli({ ...env, REVALIDATE_URLS: a.baseUrl }, ['catalog', '--', 'remove', String(target.id)]);
  check(removal.code === 0 && removal.out.includes(`site ${a.baseUrl}: pages purged`), `${label}takedown of ${target.id} told to ${a.name} only`);
  const gone = await waitGone(b.baseUrl, target);
  console.log(`${label}takedown: gone from ${b.name} ${((Date.now() - started) / 1000).toFixed(1)} s after the CLI started`);
  check(!anyVisible(gone.seen), `${label}after the takedown ${b.name} no longer shows video ${target.id} (page, listing, API): ${JSON.stringify(gone.seen)}`);
  const pageB = await get(b.baseUrl, target.url);
  check([404, 307, 308].includes(pageB.status) && (pageB.status === 404 || pageB.location.includes('/404/')), `${label}${b.name} answers the removed video's page with ${pageB.status} ${pageB.location}`);
  const goneA = await visibility(a.baseUrl, target);
  check(!anyVisible(goneA), `${label}${a.name} no longer shows it either: ${JSON.stringify(goneA)}`);
}

// --- the standalone build, away from the checkout ------------------------------------------------

/**
 * A module for `node --import`: any module the process would load from the checkout (`dir`) is
 * refused, CommonJS and ESM alike (Next imports the cache handler with import()). A standalone
 * copy that still needed the checkout fails instead of quietly reading it.
 * @param {string} file
 * @param {string} dir
 */
function writeCheckoutGuard(file, dir) {
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

/**
 * Step 6: the standalone folder copied to `tmp` (away from the checkout, which a loader hook keeps
 * out of reach), built without REDIS_URL. Two servers from the copy, given REDIS_URL at start:
 * A over TLS (rediss://, the test CA in NODE_EXTRA_CA_CERTS), B over plain TCP.
 * @param {{ env: NodeJS.ProcessEnv; tmp: string; redisPort: number; tls: { port: number; ca: string }; videos: Video[] }} options
 */
async function standaloneChecks({ env, tmp, redisPort, tls, videos }) {
  const copy = path.join(tmp, 'standalone');
  const started = Date.now();
  // As `cp -a` copies: the folder's links (<distDir>/node_modules/<package>-<hash>, Turbopack's
  // aliases of the external packages) are relative; fs.cp would make them absolute, into the checkout.
  fs.cpSync(path.join(root, DIST_DIR, 'standalone'), copy, { recursive: true, verbatimSymlinks: true });
  const guard = path.join(tmp, 'no-checkout.mjs');
  writeCheckoutGuard(guard, root);
  // The guard itself: the checkout's handler is refused.
  const probe = spawnSync(process.execPath, ['--import', pathToFileURL(guard).href, '--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(path.join(root, 'lib/cache/redis-handler.mjs')).href)})`], { cwd: tmp, encoding: 'utf8' });
  check(probe.status !== 0 && probe.stderr.includes('loaded from the checkout'), 'standalone: the loader hook refuses a module from the checkout (so the copy cannot quietly use it)');
  const recorded = JSON.parse(fs.readFileSync(path.join(copy, DIST_DIR, 'required-server-files.json'), 'utf8')).config.cacheHandler;
  check(typeof recorded === 'string' && !path.isAbsolute(recorded) && fs.existsSync(path.resolve(copy, DIST_DIR, recorded)), `standalone: the build names the handler inside the folder (${recorded}), though built without REDIS_URL`);

  /** @type {NodeJS.ProcessEnv} */
  const base = { ...env, DATABASE_PATH: path.resolve(root, /** @type {string} */ (env.DATABASE_PATH)), NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(guard).href}`.trim() };
  delete base.REDIS_URL;
  const tlsUrl = `rediss://localhost:${tls.port}/0`;
  const pair = (
    await Promise.all([
      startStandalone(copy, await freePort(), { ...base, REDIS_URL: tlsUrl, NODE_EXTRA_CA_CERTS: tls.ca }),
      startStandalone(copy, await freePort(), { ...base, REDIS_URL: `redis://127.0.0.1:${redisPort}/0` }),
    ])
  ).map((s, i) => ({ ...s, name: `standalone ${'AB'[i]}` }));
  const sa = /** @type {Server} */ (pair[0]);
  const sb = /** @type {Server} */ (pair[1]);
  /** @type {Started | undefined} */
  let plain;
  try {
    console.log(`test:redis: standalone copy ${copy} (${((Date.now() - started) / 1000).toFixed(1)} s to copy and start), A ${sa.baseUrl} over ${tlsUrl}, B ${sb.baseUrl} over redis://`);
    /** @typedef {{ ok: boolean; cache: string }} Health what is read of /api/health/ */
    const health = /** @type {Health[]} */ (await Promise.all([sa, sb].map((s) => fetch(`${s.baseUrl}/api/health/`).then((r) => r.json()))));
    check(health.every((h) => h.ok && h.cache === 'redis'), `standalone: both report the redis cache tier (${health.map((h) => h.cache).join(', ')})`);
    // Pages nobody rendered before in this run (Redis was restarted empty in step 4).
    await missThenHit(sa, sb, ['/videos/latest-updates/4/', '/videos/top-rated/1/', /** @type {Video} */ (videos[8]).url], { label: 'standalone: ' });
    await missThenHit(sb, sa, ['/videos/latest-updates/5/'], { label: 'standalone: ' });
    await takedownReaches(sa, sb, env, /** @type {Video} */ (videos[9]), { label: 'standalone: ' });

    // Without REDIS_URL at start the copy leaves Redis alone.
    const keys = async () => Number((await redisCommand(redisPort, ['DBSIZE'])).slice(1));
    const keysBefore = await keys();
    plain = await startStandalone(copy, await freePort(), base);
    const page = await get(plain.baseUrl, '/videos/latest-updates/6/');
    const plainHealth = /** @type {Health} */ (await fetch(`${plain.baseUrl}/api/health/`).then((r) => r.json()));
    const keysAfter = await keys();
    check(page.status === 200 && plainHealth.cache === 'memory' && keysAfter === keysBefore, `standalone without REDIS_URL: ${page.status}, cache tier ${plainHealth.cache}, Redis keys ${keysBefore} then ${keysAfter}`);
  } finally {
    sa.stop();
    sb.stop();
    plain?.stop();
  }
}

runMain('test:redis', async () => {
  if (!fs.existsSync(REDIS_SERVER)) {
    console.error(`test:redis: ${REDIS_SERVER} is missing (Debian package redis-server)`);
    return 1;
  }
  checkSerialisation();

  // One standalone build, without REDIS_URL: the npm start servers run on it as on any build, and
  // its standalone folder (step 6) must take REDIS_URL at start.
  /** @type {NodeJS.ProcessEnv} */
  const env0 = { ...freshCatalogEnv(process.env.DATABASE_PATH || 'data/redis-suite.db', { NEXT_STANDALONE: '1' }), NEXT_DIST_DIR: DIST_DIR };
  delete env0.REDIS_URL;
  const standaloneDir = path.join(root, DIST_DIR, 'standalone');
  if (!fs.existsSync(path.join(standaloneDir, 'server.js'))) fs.rmSync(path.join(root, DIST_DIR, 'BUILD_ID'), { force: true });
  const built = buildOrPrepare(env0);
  if (built !== 0) return built;
  const packed = run(process.execPath, ['scripts/build-standalone.mjs', '--no-build'], env0);
  if (packed !== 0) return packed;
  // NEXT_STANDALONE is a build setting (a server reading it warns that next start does not work).
  delete env0.NEXT_STANDALONE;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-redis-'));
  const redisPort = await freePort();
  const tls = { ...makeTlsFiles(tmp), port: await freePort() };
  const startOurRedis = () => startRedis(redisPort, tmp, tls);
  let redis = await startOurRedis();
  const env = { ...env0, REDIS_URL: `redis://127.0.0.1:${redisPort}/0` };
  const checkRun = `c${process.pid}`;
  const handlerChecks = run(process.execPath, [path.join(root, 'scripts/lib/redis-handler-check.mjs'), path.join(root, DIST_DIR, 'server'), checkRun], env);
  check(handlerChecks === 0, `the handler's own rules against the real Redis (${handlerChecks} failed)`);
  const [portA, portB] = [await freePort(), await freePort()];
  /** @type {Server | undefined} */
  let a;
  /** @type {Server | undefined} */
  let b;
  try {
    const pair = (await Promise.all([startNext(portA, env), startNext(portB, env)])).map((s, i) => ({ ...s, name: /** @type {string} */ ('AB'[i]) }));
    a = /** @type {Server} */ (pair[0]);
    b = /** @type {Server} */ (pair[1]);
    console.log(`test:redis: redis-server on ${redisPort} (${tmp}), A ${a.baseUrl}, B ${b.baseUrl}, dist ${DIST_DIR}`);
    const keys = Number((await redisCommand(redisPort, ['DBSIZE'])).slice(1));
    check(keys > 0, `the servers store pages in Redis (${keys} keys after start)`);

    // 2. A page rendered on A is a hit on B.
    const listingA = await get(a.baseUrl, '/videos/latest-updates/1/');
    const videos = videosIn(listingA.body);
    if (!check(listingA.status === 200 && videos.length >= 10, `A's listing shows videos (${videos.length})`)) return 1;
    // Home and the category index are prerendered at build: with Redis they render once and are
    // shared too. robots.txt is a cached route handler (an APP_ROUTE entry, its body a Buffer).
    // At least ten (checked above): videos[0] to videos[9] are there.
    const video = (/** @type {number} */ i) => /** @type {Video} */ (videos[i]);
    const shared = ['/videos/latest-updates/1/', '/', '/videos/latest-updates/2/', '/categories/', video(0).url, video(1).url, '/robots.txt'];
    const timing = await missThenHit(a, b, shared, { first: { '/videos/latest-updates/1/': listingA } });
    /** @param {number[]} xs */
    const sum = (xs) => xs.reduce((s, x) => s + x, 0);
    /** @param {number[]} xs */
    const median = (xs) => /** @type {number} */ ([...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]);
    console.log(`timing: miss on A median ${fmt(median(timing.missMs))}, hit on B median ${fmt(median(timing.hitMs))}`);
    check(sum(timing.hitMs) / timing.hitMs.length < sum(timing.missMs) / timing.missMs.length, 'a hit on B is faster than the render on A, on average');

    // 3. Takedowns. The control first: told to nobody, B keeps serving the removed video.
    const [target, control] = [video(2), video(3)];
    for (const v of [target, control]) await warm(a, b, v);
    const controlRun = await cli({ ...env, REVALIDATE_URLS: 'none' }, ['catalog', '--', 'remove', String(control.id)]);
    check(controlRun.code === 0 && controlRun.out.includes(`removed video ${control.id}`), `control: video ${control.id} removed, no server told`);
    await sleep(1500);
    const controlSeen = await visibility(b.baseUrl, control);
    check(controlSeen.page && controlSeen.listing, `control: untold, B still serves the removed video's cached page and listing entry: ${JSON.stringify(controlSeen)}`);
    await takedownReaches(a, b, env, target);
    const controlAfter = await visibility(b.baseUrl, control);
    check(!anyVisible(controlAfter), `the control video left B with the same purge: ${JSON.stringify(controlAfter)}`);

    // 4. Redis killed mid-run.
    await get(a.baseUrl, '/videos/latest-updates/3/');
    await get(b.baseUrl, '/videos/latest-updates/3/');
    await killRedis(redis);
    console.log('test:redis: redis-server killed');
    const down = await Promise.all([
      ...[a, b].map((s) => get(s.baseUrl, '/videos/latest-updates/3/')),
      get(a.baseUrl, '/videos/latest-updates/11/'),
      get(b.baseUrl, '/videos/latest-updates/12/'),
      get(a.baseUrl, video(5).url),
      get(b.baseUrl, video(6).url),
      ...Array.from({ length: 10 }, (_, i) => get(i % 2 ? /** @type {Server} */ (a).baseUrl : /** @type {Server} */ (b).baseUrl, `/videos/most-popular/${i + 1}/`)),
    ]);
    const slowest = Math.max(...down.map((r) => r.ms));
    check(
      down.every((r) => r.status === 200) && slowest < OUTAGE_ANSWER_MS,
      `Redis down: ${down.length} requests on A and B all 200 (statuses ${[...new Set(down.map((r) => r.status))].join(',')}), slowest ${fmt(slowest)}`,
    );
    const [downA, downB] = /** @type {[Answer, Answer]} */ (down);
    check(downA.cache === 'HIT' && downB.cache === 'HIT', `Redis down: pages cached before are served from memory (A ${downA.cache}, B ${downB.cache})`);
    const c = await startNext(await freePort(), env);
    try {
      const onC = await Promise.all([get(c.baseUrl, '/videos/latest-updates/3/'), get(c.baseUrl, video(7).url), get(c.baseUrl, '/')]);
      check(
        onC.every((r) => r.status === 200) && Math.max(...onC.map((r) => r.ms)) < OUTAGE_ANSWER_MS,
        `Redis down: a third server started meanwhile answers 200 (${onC.map((r) => `${r.status} in ${fmt(r.ms)}`).join(', ')})`,
      );
    } finally {
      c.stop();
    }

    const third = video(4);
    await get(b.baseUrl, third.url);
    const removalDown = await cli({ ...env, REVALIDATE_URLS: a.baseUrl }, ['catalog', '--', 'remove', String(third.id)]);
    check(removalDown.code === 0 && removalDown.out.includes(`site ${a.baseUrl}: pages purged`), `Redis down: takedown of ${third.id} told to A only`);
    const goneOnA = await visibility(a.baseUrl, third);
    check(!anyVisible(goneOnA), `Redis down: A drops it at once: ${JSON.stringify(goneOnA)}`);

    redis = await startOurRedis();
    const back = Date.now();
    console.log('test:redis: redis-server restarted (empty)');
    // A purge nobody repeated since (the handler check's, before the servers started) comes back
    // into the emptied Redis from the servers that read it at start.
    const oldTag = `_N_T_/redis-suite-${checkRun}/layout`;
    let restored = false;
    while (!restored && Date.now() - back < 15_000) {
      restored = (await redisCommand(redisPort, ['HEXISTS', 'tubefront:tags', oldTag]).catch(() => '')) === ':1';
      if (!restored) await sleep(250);
    }
    check(restored, `Redis back: the servers write the purges they know back into the emptied Redis (${((Date.now() - back) / 1000).toFixed(1)} s)`);
    const goneB = await waitGone(b.baseUrl, third);
    check(!anyVisible(goneB.seen), `Redis back: the takedown told to A while Redis was down reaches B (${((Date.now() - back) / 1000).toFixed(1)} s): ${JSON.stringify(goneB.seen)}`);
    /** @type {{ p: string; seconds: number } | null} */
    let resumed = null;
    for (let i = 20; i < 60 && Date.now() - back < 60_000; i++) {
      const p = `/videos/most-popular/${i}/`;
      const onA = await get(a.baseUrl, p);
      const onB = await get(b.baseUrl, p);
      if (onA.status === 200 && onB.status === 200 && onB.cache === 'HIT') {
        resumed = { p, seconds: (Date.now() - back) / 1000 };
        break;
      }
      await sleep(500);
    }
    check(Boolean(resumed), `Redis back: sharing resumes (${resumed ? `${resumed.p} rendered on A is a hit on B, ${resumed.seconds.toFixed(1)} s after the restart` : 'never within 60 s'})`);

    // 5. Redis frozen: every call times out instead of failing at once.
    signalGroup(redis, 'SIGSTOP');
    console.log('test:redis: redis-server frozen (SIGSTOP)');
    /** @type {Answer[]} */
    let frozen;
    try {
      frozen = await Promise.all([
        get(a.baseUrl, '/videos/top-rated/2/'),
        get(b.baseUrl, '/videos/top-rated/3/'),
        get(a.baseUrl, '/videos/latest-updates/3/'),
        get(b.baseUrl, '/videos/most-popular/20/'),
      ]);
      const then = await Promise.all([get(a.baseUrl, '/videos/top-rated/4/'), get(b.baseUrl, '/videos/top-rated/5/')]);
      frozen.push(...then);
    } finally {
      signalGroup(redis, 'SIGCONT');
    }
    const slowestFrozen = Math.max(...frozen.map((r) => r.ms));
    check(
      frozen.every((r) => r.status === 200) && slowestFrozen < OUTAGE_ANSWER_MS,
      `Redis frozen: ${frozen.length} requests all 200 (statuses ${[...new Set(frozen.map((r) => r.status))].join(',')}), slowest ${fmt(slowestFrozen)}, later ones ${frozen.slice(4).map((r) => fmt(r.ms)).join(', ')}`,
    );
    let thawed = false;
    const thawStart = Date.now();
    for (let i = 1; i < 40 && Date.now() - thawStart < 30_000; i++) {
      const p = `/videos/top-rated/${10 + i}/`;
      await get(a.baseUrl, p);
      if ((await get(b.baseUrl, p)).cache === 'HIT') {
        thawed = true;
        break;
      }
      await sleep(500);
    }
    check(thawed, `Redis thawed: sharing resumes (${((Date.now() - thawStart) / 1000).toFixed(1)} s)`);

    // 6. The standalone folder, copied away from the checkout.
    a.stop();
    b.stop();
    await standaloneChecks({ env, tmp, redisPort, tls, videos });
  } finally {
    a?.stop();
    b?.stop();
    await stopRedis(redis);
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
  console.log(failures === 0 ? 'test:redis: all checks passed' : `test:redis: ${failures} check(s) failed`);
  return failures === 0 ? 0 : 1;
});
