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
 *  5. Redis frozen (SIGSTOP): both servers still answer 200 within seconds (timeouts), then resume.
 * Every process is stopped at the end, whatever happens.
 *
 * Environment: NEXT_DIST_DIR (default .next; built when missing or older than the sources),
 * REDIS_SERVER (default /usr/bin/redis-server), DATABASE_PATH (default data/redis-suite.db).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { deserialise, serialise } from '../lib/cache/redis-handler.mjs';
import { buildOrPrepare, freePort, freshCatalogEnv, root, run, runMain, runNpmScript, startNext, startProcess } from './lib/harness.mjs';

const cli = (env, args) => runNpmScript(env, args, { showEnv: ['REVALIDATE_URLS'] });

const REDIS_SERVER = process.env.REDIS_SERVER || '/usr/bin/redis-server';
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next';
/** Longest a page may take while Redis is down or frozen: a read's timeout plus a render, on a busy machine. */
const OUTAGE_ANSWER_MS = 10_000;
const RETURNING = { cookie: 'tf_country=ZZ' };

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
  return ok;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- redis ----------------------------------------------------------------------------------------

/** One command over RESP, for the checks' own look at Redis (not the code under test). */
function redisCommand(port, args, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`redis ${args[0]} took more than ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`));
    socket.on('data', (d) => {
      data += d;
      if (data.endsWith('\r\n')) {
        clearTimeout(timer);
        socket.end();
        resolve(data.trim());
      }
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

async function startRedis(port, dir) {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--logfile', path.join(dir, 'redis.log')];
  const handle = startProcess(REDIS_SERVER, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (handle.child.exitCode !== null) throw new Error(`redis-server exited with code ${handle.child.exitCode} (see ${dir}/redis.log)`);
    try {
      if ((await redisCommand(port, ['PING'], 500)) === '+PONG') return handle;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`redis-server did not answer on port ${port} within 10 s`);
}

function signalGroup(handle, signal) {
  try {
    process.kill(-handle.child.pid, signal);
  } catch {
    // already gone
  }
}

/** Stops redis-server and waits until it is gone (it writes its log while it shuts down). */
async function stopRedis(handle) {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null) return;
  const exited = new Promise((r) => handle.child.once('exit', r));
  signalGroup(handle, 'SIGCONT');
  handle.stop();
  const timer = setTimeout(() => signalGroup(handle, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function killRedis(handle) {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null) return;
  const exited = new Promise((r) => handle.child.once('exit', r));
  signalGroup(handle, 'SIGKILL');
  await exited;
  handle.stop();
}

// --- http -----------------------------------------------------------------------------------------

/** One request as a returning visitor; never throws (a timeout or a refused connection is status 0). */
async function get(base, p, timeoutMs = 30_000) {
  const started = performance.now();
  try {
    const res = await fetch(base + p, { redirect: 'manual', headers: RETURNING, signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    return { status: res.status, cache: res.headers.get('x-nextjs-cache'), location: res.headers.get('location') ?? '', body, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, cache: null, location: '', body: '', ms: performance.now() - started, error: err?.message || String(err) };
  }
}

const fmt = (ms) => `${Math.round(ms)} ms`;


/** What B (or A) shows of one video: its page, its entry in the listing, its API answer. */
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
const anyVisible = (v) => Object.values(v).some(Boolean);

async function waitGone(base, video, limitMs = 60_000) {
  const started = Date.now();
  let seen = await visibility(base, video);
  while (anyVisible(seen) && Date.now() - started < limitMs) {
    await sleep(250);
    seen = await visibility(base, video);
  }
  return { seen, seconds: (Date.now() - started) / 1000 };
}

/** The videos a listing links to, in order. */
function videosIn(html) {
  const urls = [...new Set([...html.matchAll(/href="(\/video\/\d+\/[^"/]+\/)"/g)].map((m) => m[1]))];
  return urls.map((url) => ({ url, id: Number(url.split('/')[2]) }));
}

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
  const back = deserialise(serialise(entry));
  const { postponed: _postponed, ...expectedValue } = entry.value;
  void _postponed;
  check(
    isDeepStrictEqual(back.value, expectedValue) && Buffer.isBuffer(back.value.rscData) && back.value.segmentData instanceof Map && back.lastModified === entry.lastModified && isDeepStrictEqual(back.cacheControl, entry.cacheControl),
    'serialisation: an APP_PAGE entry comes back with every byte of its Buffers and its Map',
  );
  const route = { lastModified: 1, value: { kind: 'APP_ROUTE', body: bytes, status: 200, headers: { 'content-type': 'application/json' } } };
  const routeBack = deserialise(serialise(route));
  check(Buffer.isBuffer(routeBack.value.body) && routeBack.value.body.equals(bytes), 'serialisation: an APP_ROUTE body keeps bytes 0x80-0xff');
  const tricky = { lastModified: 1, value: { kind: 'FETCH', data: { headers: {}, body: '{}', url: 'x', status: 200 }, revalidate: 60, tags: ['t'], odd: { $b: 'not base64' } } };
  check(isDeepStrictEqual(deserialise(serialise(tricky)).value, tricky.value), 'serialisation: a plain object shaped like an encoded Buffer stays a plain object');
}

runMain('test:redis', async () => {
  if (!fs.existsSync(REDIS_SERVER)) {
    console.error(`test:redis: ${REDIS_SERVER} is missing (Debian package redis-server)`);
    return 1;
  }
  checkSerialisation();

  const env0 = freshCatalogEnv(process.env.DATABASE_PATH || 'data/redis-suite.db');
  if (DIST_DIR !== '.next') env0.NEXT_DIST_DIR = DIST_DIR;
  const built = buildOrPrepare(env0);
  if (built !== 0) return built;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-redis-'));
  const redisPort = await freePort();
  let redis = await startRedis(redisPort, tmp);
  const env = { ...env0, REDIS_URL: `redis://127.0.0.1:${redisPort}/0` };
  const checkRun = `c${process.pid}`;
  const handlerChecks = run(process.execPath, [path.join(root, 'scripts/lib/redis-handler-check.mjs'), path.join(root, DIST_DIR, 'server'), checkRun], env);
  check(handlerChecks === 0, `the handler's own rules against the real Redis (${handlerChecks} failed)`);
  const [portA, portB] = [await freePort(), await freePort()];
  let a;
  let b;
  try {
    [a, b] = await Promise.all([startNext(portA, env), startNext(portB, env)]);
    console.log(`test:redis: redis-server on ${redisPort} (${tmp}), A ${a.baseUrl}, B ${b.baseUrl}, dist ${DIST_DIR}`);
    const keys = Number((await redisCommand(redisPort, ['DBSIZE'])).slice(1));
    check(keys > 0, `the servers store pages in Redis (${keys} keys after start)`);

    // 2. A page rendered on A is a hit on B.
    const listingA = await get(a.baseUrl, '/videos/latest-updates/1/');
    const videos = videosIn(listingA.body);
    if (!check(listingA.status === 200 && videos.length >= 4, `A's listing shows videos (${videos.length})`)) return 1;
    // Home and the category index are prerendered at build: with Redis they render once and are
    // shared too. robots.txt is a cached route handler (an APP_ROUTE entry, its body a Buffer).
    const shared = ['/videos/latest-updates/1/', '/', '/videos/latest-updates/2/', '/categories/', videos[0].url, videos[1].url, '/robots.txt'];
    const missMs = [];
    const hitMs = [];
    for (const p of shared) {
      const onA = p === '/videos/latest-updates/1/' ? listingA : await get(a.baseUrl, p);
      const onB = await get(b.baseUrl, p);
      check(
        onA.status === 200 && onA.cache === 'MISS' && onB.status === 200 && onB.cache === 'HIT' && onB.body === onA.body,
        `${p}: A ${onA.cache} in ${fmt(onA.ms)}, then B's first request ${onB.cache} in ${fmt(onB.ms)} with A's body`,
      );
      if (onA.cache === 'MISS') missMs.push(onA.ms);
      hitMs.push(onB.ms);
    }
    const sum = (xs) => xs.reduce((s, x) => s + x, 0);
    const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    console.log(`timing: miss on A median ${fmt(median(missMs))}, hit on B median ${fmt(median(hitMs))}`);
    check(sum(hitMs) / hitMs.length < sum(missMs) / missMs.length, 'a hit on B is faster than the render on A, on average');

    // 3. Takedowns. The control first: told to nobody, B keeps serving the removed video.
    const [target, control] = [videos[2], videos[3]];
    for (const v of [target, control]) {
      await get(a.baseUrl, v.url);
      await get(b.baseUrl, v.url);
      await get(b.baseUrl, apiPath(v.id));
    }
    const beforeB = await visibility(b.baseUrl, target);
    check(Object.values(beforeB).every(Boolean), `before the takedown B shows video ${target.id}: ${JSON.stringify(beforeB)}`);
    const controlRun = await cli({ ...env, REVALIDATE_URLS: 'none' }, ['catalog', '--', 'remove', String(control.id)]);
    check(controlRun.code === 0 && controlRun.out.includes(`removed video ${control.id}`), `control: video ${control.id} removed, no server told`);
    await sleep(1500);
    const controlSeen = await visibility(b.baseUrl, control);
    check(controlSeen.page && controlSeen.listing, `control: untold, B still serves the removed video's cached page and listing entry: ${JSON.stringify(controlSeen)}`);

    const started = Date.now();
    const removal = await cli({ ...env, REVALIDATE_URLS: a.baseUrl }, ['catalog', '--', 'remove', String(target.id)]);
    check(removal.code === 0 && removal.out.includes(`site ${a.baseUrl}: pages purged`), `takedown of ${target.id} told to A only`);
    const gone = await waitGone(b.baseUrl, target);
    const seconds = (Date.now() - started) / 1000;
    console.log(`takedown: gone from B ${seconds.toFixed(1)} s after the CLI started`);
    check(!anyVisible(gone.seen), `after the takedown B no longer shows video ${target.id} (page, listing, API): ${JSON.stringify(gone.seen)}`);
    const pageB = await get(b.baseUrl, target.url);
    check([404, 307, 308].includes(pageB.status) && (pageB.status === 404 || pageB.location.includes('/404/')), `B answers the removed video's page with ${pageB.status} ${pageB.location}`);
    const goneA = await visibility(a.baseUrl, target);
    check(!anyVisible(goneA), `A no longer shows it either: ${JSON.stringify(goneA)}`);
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
      get(a.baseUrl, videos[5].url),
      get(b.baseUrl, videos[6].url),
      ...Array.from({ length: 10 }, (_, i) => get(i % 2 ? a.baseUrl : b.baseUrl, `/videos/most-popular/${i + 1}/`)),
    ]);
    const slowest = Math.max(...down.map((r) => r.ms));
    check(
      down.every((r) => r.status === 200) && slowest < OUTAGE_ANSWER_MS,
      `Redis down: ${down.length} requests on A and B all 200 (statuses ${[...new Set(down.map((r) => r.status))].join(',')}), slowest ${fmt(slowest)}`,
    );
    check(down[0].cache === 'HIT' && down[1].cache === 'HIT', `Redis down: pages cached before are served from memory (A ${down[0].cache}, B ${down[1].cache})`);
    const c = await startNext(await freePort(), env);
    try {
      const onC = await Promise.all([get(c.baseUrl, '/videos/latest-updates/3/'), get(c.baseUrl, videos[7].url), get(c.baseUrl, '/')]);
      check(
        onC.every((r) => r.status === 200) && Math.max(...onC.map((r) => r.ms)) < OUTAGE_ANSWER_MS,
        `Redis down: a third server started meanwhile answers 200 (${onC.map((r) => `${r.status} in ${fmt(r.ms)}`).join(', ')})`,
      );
    } finally {
      c.stop();
    }

    const third = videos[4];
    await get(b.baseUrl, third.url);
    const removalDown = await cli({ ...env, REVALIDATE_URLS: a.baseUrl }, ['catalog', '--', 'remove', String(third.id)]);
    check(removalDown.code === 0 && removalDown.out.includes(`site ${a.baseUrl}: pages purged`), `Redis down: takedown of ${third.id} told to A only`);
    const goneOnA = await visibility(a.baseUrl, third);
    check(!anyVisible(goneOnA), `Redis down: A drops it at once: ${JSON.stringify(goneOnA)}`);

    redis = await startRedis(redisPort, tmp);
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
  } finally {
    a?.stop();
    b?.stop();
    await stopRedis(redis);
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
  console.log(failures === 0 ? 'test:redis: all checks passed' : `test:redis: ${failures} check(s) failed`);
  return failures === 0 ? 0 : 1;
});
