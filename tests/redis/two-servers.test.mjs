/**
 * test:redis: two servers sharing one page cache through Redis (REDIS_URL,
 * lib/cache/redis-handler.mjs), over real HTTP, on one embedded catalogue file.
 *
 * Starts a throwaway Debian `redis-server` (free port, no persistence, temporary folder, a TLS port
 * with a throwaway CA), then, in order:
 *  1. the handler's own rules, driven in a process of its own against that Redis
 *     (handler-rules.mjs): a render that raced a purge is dropped, the TTL, brief entries, fetch tags;
 *  2. two servers A and B (server.mjs, as `npm start` runs it) with the same REDIS_URL: pages
 *     rendered on A (MISS) are a HIT on B's first request for them, with A's body;
 *  3. a takedown told to A only (`npm run catalog -- remove`, REVALIDATE_URLS=A) removes the video
 *     page, its listing entry and its API answer on B within a minute; and, as a control, a
 *     takedown told to nobody leaves B serving the removed video from the cache (so the check can fail);
 *  4. Redis killed: both servers keep answering 200 (cached pages from memory, new pages
 *     rendered), so does a third server started meanwhile; a takedown told to A meanwhile reaches
 *     B once Redis is back (empty), the purges the servers know are written back, sharing resumes;
 *  5. Redis frozen (SIGSTOP): both servers still answer 200 within seconds (timeouts), then resume;
 *  6. the STANDALONE build, copied out of the checkout (a loader hook refuses any module from the
 *     checkout) and built without REDIS_URL: two servers from the copy, given REDIS_URL at start
 *     only, share pages (a miss on A then a hit on B, and back) and a takedown told to A leaves B.
 *     A talks to Redis over TLS (rediss://, redis-server's TLS port, the CA given to Node with
 *     NODE_EXTRA_CA_CERTS), B over plain TCP; a third copy started without REDIS_URL leaves Redis alone.
 * The steps share one build, one Redis and one catalogue (the takedowns remove videos for good),
 * and run in order. Every process is stopped at the end, whatever happens.
 *
 * The build is a standalone one (NEXT_STANDALONE=1, then scripts/build-standalone.mjs --no-build):
 * the `npm start` servers of 2-5 run on it as on any build.
 *
 * Environment: NEXT_DIST_DIR (default .next-redis; built when missing or older than the sources),
 * REDIS_SERVER (default /usr/bin/redis-server), DATABASE_PATH (default data/redis-suite.db).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { freePort, root, startNext, startStandalone } from '../support/system/harness.mjs';
import { redisCommand, signalGroup, startRedis, stopRedis } from '../support/system/redis.mjs';
import { assertEvery } from '../support/system/suite.mjs';
import {
  DIST_DIR,
  NOTHING,
  OUTAGE_ANSWER_MS,
  TAKEDOWN_MS,
  assertMissThenHit,
  brief,
  fmt,
  get,
  killRedis,
  makeTlsFiles,
  mean,
  median,
  onBothInTurn,
  prepareStandaloneBuild,
  removeVideo,
  sleep,
  takedownTests,
  videosIn,
  visibility,
  waitGone,
  warm,
  writeCheckoutGuard,
} from './helpers.mjs';

/** @typedef {import('./helpers.mjs').Server} Server */
/** @typedef {import('./helpers.mjs').Video} Video */
/** @typedef {import('./helpers.mjs').Answer} Answer */
/** @typedef {import('./handler-rules.mjs').Answers} HandlerAnswers */
/** @typedef {import('../support/system/redis.mjs').ProcessHandle} ProcessHandle */
/** @typedef {{ ok: boolean; cache: string }} Health what is read of /api/health/ */

/** The servers' environment, with REDIS_URL: made by the first `before`. */
let env = { ...process.env };
/** @type {string} */
let tmp = '';
let redisPort = 0;
/** @type {ProcessHandle | undefined} */
let redis;
/** @type {{ port: number; ca: string; cert: string; key: string }} */
let tls;
/** Names this run's keys and the tag the handler rules purge before the servers start. */
const runId = `c${process.pid}`;
const oldTag = `_N_T_/redis-suite-${runId}/layout`;

const startOurRedis = () => startRedis(redisPort, tmp, tls);

/**
 * The number of keys in Redis.
 * @param {number} port
 */
const dbSize = async (port) => Number((await redisCommand(port, ['DBSIZE'])).slice(1));

/** The videos A's first listing page links to (at least ten, asserted by the first test that reads it). */
/** @type {Video[]} */
let videos = [];
/** @param {number} i */
function video(i) {
  const v = videos[i];
  if (!v) throw new Error(`the suite follows ten videos of A's listing, which showed ${videos.length}`);
  return v;
}

before(async () => {
  env = prepareStandaloneBuild();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-redis-'));
  redisPort = await freePort();
  tls = { ...makeTlsFiles(tmp), port: await freePort() };
  redis = await startOurRedis();
  env.REDIS_URL = `redis://127.0.0.1:${redisPort}/0`;
  console.log(`test:redis: redis-server on ${redisPort} (${tmp}), TLS on ${tls.port}, dist ${DIST_DIR}`);
});

after(async () => {
  if (redis) await stopRedis(redis);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
});

describe("the handler's own rules, in a process of its own against the real Redis", () => {
  /** @type {HandlerAnswers} */
  let answers;
  let buildId = '';
  before(async () => {
    const serverDir = path.join(root, DIST_DIR, 'server');
    buildId = fs.readFileSync(path.join(root, DIST_DIR, 'BUILD_ID'), 'utf8').trim();
    const child = spawn(process.execPath, [path.join(root, 'tests/redis/handler-rules.mjs'), serverDir, runId], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    /** @type {HandlerAnswers | undefined} */
    let sent;
    child.on('message', (m) => (sent = /** @type {HandlerAnswers} */ (m)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    /** @type {[number | null, NodeJS.Signals | null]} */
    // 'close', not 'exit': by then the IPC channel is closed too, its message delivered.
    const [code, signal] = await new Promise((resolve) => child.once('close', (c, s) => resolve([c, s])));
    clearTimeout(timer);
    if (code !== 0 || !sent) throw new Error(`tests/redis/handler-rules.mjs ended with ${signal ?? `code ${code}`}${sent ? '' : ', without sending its answers'}`);
    answers = sent;
  });

  test('a page never rendered is a miss', () => {
    assert.equal(answers.neverRendered, null);
  });
  test('a render that began before a purge and ended after it is not served', () => {
    assert.equal(answers.racedRender, null);
  });
  test('the next request renders it again', () => {
    assert.equal(answers.racedAgain, null);
  });
  test('the render that began after the purge is served', () => {
    assert.equal(answers.afterPurgeHtml, '<p>read after the purge</p>');
  });
  test("the entry is stored under the build id with the page's expire as TTL", async () => {
    const ttl = Number((await redisCommand(redisPort, ['TTL', `tubefront:${buildId}:/check-${runId}/raced`])).slice(1));
    assert.ok(ttl > 1100 && ttl <= 1200, `TTL ${ttl} s, not the expire (1200 s) under the build id ${buildId}`);
  });
  test('the purge is in the shared tag hash', async () => {
    const time = await redisCommand(redisPort, ['HGET', 'tubefront:tags', oldTag]);
    assert.match(time, /^\$13\r\n\d{13}$/, 'a time in milliseconds');
  });
  test('a brief entry is served within its minute', () => {
    assert.equal(answers.briefHtml, '<p>nothing here</p>');
  });
  test('a brief entry is never written to Redis', async () => {
    assert.equal(await redisCommand(redisPort, ['EXISTS', `tubefront:${buildId}:/check-${runId}/named-nothing`]), ':0');
  });
  test('a fetch entry is served', () => {
    assert.equal(answers.fetchBody, '{"a":1}');
  });
  test('a fetch entry whose tag was revalidated is not served', () => {
    assert.equal(answers.fetchRevalidated, null);
  });
});

describe('two `npm start` servers A and B sharing Redis', () => {
  /** @type {Server | undefined} */
  let a;
  /** @type {Server | undefined} */
  let b;
  const A = () => /** @type {Server} */ (a);
  const B = () => /** @type {Server} */ (b);

  before(async () => {
    const [sa, sb] = await Promise.all([startNext(await freePort(), env), startNext(await freePort(), env)]);
    a = { ...sa, name: 'A' };
    b = { ...sb, name: 'B' };
    console.log(`test:redis: A ${a.baseUrl}, B ${b.baseUrl}`);
  });
  after(() => {
    a?.stop();
    b?.stop();
  });

  test('the servers store pages in Redis', async (t) => {
    // Keys of this build's pages, the handler rules' own left out (they were there before the servers).
    const reply = await redisCommand(redisPort, ['KEYS', `tubefront:${fs.readFileSync(path.join(root, DIST_DIR, 'BUILD_ID'), 'utf8').trim()}:*`]);
    const keys = reply.split('\r\n').filter((l) => !/^[*$]/.test(l) && !l.includes(`check-${runId}`));
    t.diagnostic(`${keys.length} page keys after start: ${keys.join(' ')}`);
    assert.ok(keys.length > 0, 'no page of the servers in Redis after their start');
  });

  describe('pages rendered on A are hits on B', () => {
    /** @type {number[]} */
    let missMs = [];
    /** @type {number[]} */
    let hitMs = [];
    /** @type {Answer} */
    let listingA;

    test("A's listing shows videos", async () => {
      listingA = await get(A().baseUrl, '/videos/latest-updates/1/');
      assert.equal(listingA.status, 200);
      videos = videosIn(listingA.body);
      assert.ok(videos.length >= 10, `the suite follows ten videos; A's listing shows ${videos.length}`);
    });

    test("each page rendered on A (a MISS) is a HIT on B's first request for it, with A's body", async (t) => {
      // Home and the category index are prerendered at build: with Redis they render once and
      // are shared too. robots.txt is a cached route handler (an APP_ROUTE entry, its body a Buffer).
      const paths = ['/videos/latest-updates/1/', '/', '/videos/latest-updates/2/', '/categories/', video(0).url, video(1).url, '/robots.txt'];
      const seen = await onBothInTurn(A(), B(), paths, { '/videos/latest-updates/1/': listingA });
      missMs = seen.filter((s) => s.onA.cache === 'MISS').map((s) => s.onA.ms);
      hitMs = seen.map((s) => s.onB.ms);
      for (const { p, onA, onB } of seen) t.diagnostic(`${p}: A ${brief(onA)}, B ${brief(onB)}`);
      assertMissThenHit(A(), B(), seen);
    });

    test('a hit on B is faster than the render on A, on average', (t) => {
      assert.ok(missMs.length > 0 && hitMs.length > 0, 'no misses on A or hits on B were timed');
      t.diagnostic(`miss on A median ${fmt(median(missMs))}, hit on B median ${fmt(median(hitMs))}`);
      assert.ok(mean(hitMs) < mean(missMs), `hits on B ${fmt(mean(hitMs))} on average, misses on A ${fmt(mean(missMs))}`);
    });
  });

  describe('a takedown told to A only leaves B', () => {
    const target = () => video(2);
    const control = () => video(3);

    // The control first: told to nobody, B keeps serving the removed video from its cache, so what
    // takes the target off B below is the purge, not B reading the catalogue (that check can fail).
    test('control: a video removed with no server told', async () => {
      for (const v of [target(), control()]) await warm(A(), B(), v);
      const run = await removeVideo(env, control().id, 'none');
      assert.equal(run.code, 0, 'npm run catalog -- remove should exit 0');
      assert.ok(run.out.includes(`removed video ${control().id}`), `the CLI should say it removed video ${control().id}:\n${run.out}`);
    });
    test("control: untold, B still serves the removed video's cached page and listing entry", async () => {
      // At once: the catalogue no longer has the video, so a page B shows comes from its cache.
      const seen = await visibility(B().baseUrl, control());
      assert.deepEqual({ page: seen.page, listing: seen.listing }, { page: true, listing: true }, `B shows ${JSON.stringify(seen)}`);
    });

    takedownTests({ a: A, b: B, env: () => env, target }, test);

    test('the control video left B with the same purge', async () => {
      assert.deepEqual(await visibility(B().baseUrl, control()), NOTHING);
    });
  });

  describe('Redis killed', () => {
    /** @type {Answer[]} */
    let down = [];
    const third = () => video(4);

    before(async () => {
      await get(A().baseUrl, '/videos/latest-updates/3/');
      await get(B().baseUrl, '/videos/latest-updates/3/');
      await killRedis(/** @type {ProcessHandle} */ (redis));
      console.log('test:redis: redis-server killed');
      down = await Promise.all([
        ...[A(), B()].map((s) => get(s.baseUrl, '/videos/latest-updates/3/')),
        get(A().baseUrl, '/videos/latest-updates/11/'),
        get(B().baseUrl, '/videos/latest-updates/12/'),
        get(A().baseUrl, video(5).url),
        get(B().baseUrl, video(6).url),
        ...Array.from({ length: 10 }, (_, i) => get((i % 2 ? A() : B()).baseUrl, `/videos/most-popular/${i + 1}/`)),
      ]);
    });

    test(`every request on A and B answers 200 within ${OUTAGE_ANSWER_MS / 1000} s`, (t) => {
      t.diagnostic(`${down.length} requests, slowest ${fmt(Math.max(...down.map((r) => r.ms)))}`);
      assertEvery(down.entries(), ([i, r]) => (r.status === 200 && r.ms < OUTAGE_ANSWER_MS ? null : `request ${i + 1}: ${brief(r)}`), `200 within ${OUTAGE_ANSWER_MS} ms`);
    });
    test('pages cached before are served from memory', () => {
      const [onA, onB] = /** @type {[Answer, Answer]} */ (down);
      assert.deepEqual({ A: onA.cache, B: onB.cache }, { A: 'HIT', B: 'HIT' });
    });
    test('a third server started meanwhile answers 200', async () => {
      const c = await startNext(await freePort(), env);
      try {
        const onC = await Promise.all([get(c.baseUrl, '/videos/latest-updates/3/'), get(c.baseUrl, video(7).url), get(c.baseUrl, '/')]);
        assertEvery(onC, (r) => (r.status === 200 && r.ms < OUTAGE_ANSWER_MS ? null : brief(r)), `200 within ${OUTAGE_ANSWER_MS} ms`);
      } finally {
        c.stop();
      }
    });
    test('a takedown is told to A only', async () => {
      await get(B().baseUrl, third().url);
      const removal = await removeVideo(env, third().id, A().baseUrl);
      assert.equal(removal.code, 0, 'npm run catalog -- remove should exit 0');
      assert.ok(removal.out.includes(`site ${A().baseUrl}: pages purged`), `the CLI should say A purged its pages:\n${removal.out}`);
    });
    test('A drops it at once', async () => {
      assert.deepEqual(await visibility(A().baseUrl, third()), NOTHING);
    });
  });

  describe('Redis back, empty', () => {
    let back = 0;
    const third = () => video(4);

    before(async () => {
      redis = await startOurRedis();
      back = Date.now();
      console.log('test:redis: redis-server restarted (empty)');
    });

    test('the servers write the purges they know back into the emptied Redis', async (t) => {
      // A purge nobody repeated since (the handler rules', before the servers started), which the
      // servers read at start, comes back into the emptied Redis from them.
      let restored = false;
      while (!restored && Date.now() - back < 15_000) {
        restored = (await redisCommand(redisPort, ['HEXISTS', 'tubefront:tags', oldTag]).catch(() => '')) === ':1';
        if (!restored) await sleep(250);
      }
      t.diagnostic(`${((Date.now() - back) / 1000).toFixed(1)} s after the restart`);
      assert.ok(restored, `${oldTag} is not back in tubefront:tags 15 s after the restart`);
    });
    test('the takedown told to A while Redis was down reaches B', async (t) => {
      const gone = await waitGone(B().baseUrl, third());
      t.diagnostic(`${((Date.now() - back) / 1000).toFixed(1)} s after the restart`);
      assert.deepEqual(gone.seen, NOTHING, `B still shows video ${third().id} after ${gone.seconds.toFixed(1)} s`);
    });
    test('sharing resumes', async (t) => {
      // Pages nobody rendered yet, one after another, until one rendered on A is a hit on B (one
      // try at least, however long the test before took).
      /** @type {string[]} */
      const tried = [];
      for (let i = 20; i < 60 && (i === 20 || Date.now() - back < TAKEDOWN_MS); i++) {
        const p = `/videos/most-popular/${i}/`;
        const onA = await get(A().baseUrl, p);
        const onB = await get(B().baseUrl, p);
        if (onA.status === 200 && onB.status === 200 && onB.cache === 'HIT') {
          t.diagnostic(`${p} rendered on A is a hit on B, ${((Date.now() - back) / 1000).toFixed(1)} s after the restart`);
          return;
        }
        tried.push(`${p}: A ${brief(onA)}, B ${brief(onB)}`);
        await sleep(500);
      }
      assert.fail(`no page rendered on A was a hit on B within ${TAKEDOWN_MS / 1000} s of the restart:\n  ${tried.join('\n  ')}`);
    });
  });

  describe('Redis frozen (SIGSTOP)', () => {
    /** @type {Answer[]} */
    let frozen = [];

    before(async () => {
      const handle = /** @type {ProcessHandle} */ (redis);
      signalGroup(handle, 'SIGSTOP');
      console.log('test:redis: redis-server frozen (SIGSTOP)');
      try {
        frozen = await Promise.all([
          get(A().baseUrl, '/videos/top-rated/2/'),
          get(B().baseUrl, '/videos/top-rated/3/'),
          get(A().baseUrl, '/videos/latest-updates/3/'),
          get(B().baseUrl, '/videos/most-popular/20/'),
        ]);
        // Then more, once the servers have seen Redis time out.
        frozen.push(...(await Promise.all([get(A().baseUrl, '/videos/top-rated/4/'), get(B().baseUrl, '/videos/top-rated/5/')])));
      } finally {
        signalGroup(handle, 'SIGCONT');
      }
    });

    test(`every request answers 200 within ${OUTAGE_ANSWER_MS / 1000} s`, (t) => {
      t.diagnostic(`slowest ${fmt(Math.max(...frozen.map((r) => r.ms)))}, the later ones ${frozen.slice(4).map((r) => fmt(r.ms)).join(', ')}`);
      assertEvery(frozen.entries(), ([i, r]) => (r.status === 200 && r.ms < OUTAGE_ANSWER_MS ? null : `request ${i + 1}: ${brief(r)}`), `200 within ${OUTAGE_ANSWER_MS} ms`);
    });
    test('thawed, sharing resumes', async (t) => {
      const thawStart = Date.now();
      /** @type {string[]} */
      const tried = [];
      for (let i = 1; i < 40 && Date.now() - thawStart < 30_000; i++) {
        const p = `/videos/top-rated/${10 + i}/`;
        await get(A().baseUrl, p);
        const onB = await get(B().baseUrl, p);
        if (onB.cache === 'HIT') {
          t.diagnostic(`${p}: a hit on B ${((Date.now() - thawStart) / 1000).toFixed(1)} s after the thaw`);
          return;
        }
        tried.push(`${p}: B ${brief(onB)}`);
        await sleep(500);
      }
      assert.fail(`no page rendered on A was a hit on B within 30 s of the thaw:\n  ${tried.join('\n  ')}`);
    });
  });
});

describe('the standalone build, copied away from the checkout, given REDIS_URL at start', () => {
  const copy = () => path.join(tmp, 'standalone');
  const guard = () => path.join(tmp, 'no-checkout.mjs');
  /** The copies' environment, without REDIS_URL: made by the `before` below. */
  let base = { ...process.env };
  /** @type {Server | undefined} */
  let sa;
  /** @type {Server | undefined} */
  let sb;
  const SA = () => /** @type {Server} */ (sa);
  const SB = () => /** @type {Server} */ (sb);
  const tlsUrl = () => `rediss://localhost:${tls.port}/0`;

  before(() => {
    // As `cp -a` copies: the folder's links (<distDir>/node_modules/<package>-<hash>, Turbopack's
    // aliases of the external packages) are relative; fs.cp would make them absolute, into the checkout.
    fs.cpSync(path.join(root, DIST_DIR, 'standalone'), copy(), { recursive: true, verbatimSymlinks: true });
    writeCheckoutGuard(guard(), root);
    base = { ...env, DATABASE_PATH: path.resolve(root, /** @type {string} */ (env.DATABASE_PATH)), NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(guard()).href}`.trim() };
    delete base.REDIS_URL;
  });
  after(() => {
    sa?.stop();
    sb?.stop();
  });

  test('the loader hook refuses a module from the checkout (so the copy cannot quietly use it)', () => {
    const handlerUrl = pathToFileURL(path.join(root, 'lib/cache/redis-handler.mjs')).href;
    const probe = spawnSync(process.execPath, ['--import', pathToFileURL(guard()).href, '--input-type=module', '-e', `await import(${JSON.stringify(handlerUrl)})`], { cwd: tmp, encoding: 'utf8' });
    assert.notEqual(probe.status, 0, 'importing the checkout\'s handler should fail');
    assert.match(probe.stderr, /loaded from the checkout/);
  });
  test('the build names the handler inside the folder, though built without REDIS_URL', () => {
    const recorded = JSON.parse(fs.readFileSync(path.join(copy(), DIST_DIR, 'required-server-files.json'), 'utf8')).config.cacheHandler;
    assert.equal(typeof recorded, 'string', 'required-server-files.json names no cacheHandler');
    assert.ok(!path.isAbsolute(recorded), `${recorded} is absolute`);
    assert.ok(fs.existsSync(path.resolve(copy(), DIST_DIR, recorded)), `${recorded} is not in the folder`);
  });

  describe('A over TLS (rediss://), B over plain TCP', () => {
    before(async () => {
      const started = Date.now();
      const [a, b] = await Promise.all([
        startStandalone(copy(), await freePort(), { ...base, REDIS_URL: tlsUrl(), NODE_EXTRA_CA_CERTS: tls.ca }),
        startStandalone(copy(), await freePort(), { ...base, REDIS_URL: `redis://127.0.0.1:${redisPort}/0` }),
      ]);
      sa = { ...a, name: 'standalone A' };
      sb = { ...b, name: 'standalone B' };
      console.log(`test:redis: standalone copy ${copy()} (${((Date.now() - started) / 1000).toFixed(1)} s to start), A ${sa.baseUrl} over ${tlsUrl()}, B ${sb.baseUrl} over redis://`);
    });

    test('both report the redis cache tier', async () => {
      const health = /** @type {Health[]} */ (await Promise.all([SA(), SB()].map((s) => fetch(`${s.baseUrl}/api/health/`).then((r) => r.json()))));
      assert.deepEqual(health.map((h) => ({ ok: h.ok, cache: h.cache })), [{ ok: true, cache: 'redis' }, { ok: true, cache: 'redis' }]);
    });
    // Pages nobody rendered before in this run (Redis was restarted empty).
    test("each page rendered on A (a MISS) is a HIT on B's first request for it, with A's body", async () => {
      assertMissThenHit(SA(), SB(), await onBothInTurn(SA(), SB(), ['/videos/latest-updates/4/', '/videos/top-rated/1/', video(8).url]));
    });
    test("and back: a page rendered on B (a MISS) is a HIT on A's first request for it", async () => {
      assertMissThenHit(SB(), SA(), await onBothInTurn(SB(), SA(), ['/videos/latest-updates/5/']));
    });

    describe('a takedown told to A only leaves B', () => {
      takedownTests({ a: SA, b: SB, env: () => env, target: () => video(9) }, test);
    });

    test('a third copy started without REDIS_URL answers from memory and leaves Redis alone', async () => {
      const keysBefore = await dbSize(redisPort);
      const plain = await startStandalone(copy(), await freePort(), base);
      try {
        const page = await get(plain.baseUrl, '/videos/latest-updates/6/');
        const health = /** @type {Health} */ (await fetch(`${plain.baseUrl}/api/health/`).then((r) => r.json()));
        const keysAfter = await dbSize(redisPort);
        assert.equal(page.status, 200, `the page answered ${brief(page)}`);
        assert.equal(health.cache, 'memory', 'the cache tier');
        assert.equal(keysAfter, keysBefore, 'the number of keys in Redis');
      } finally {
        plain.stop();
      }
    });
  });
});
