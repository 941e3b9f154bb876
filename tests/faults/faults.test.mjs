/**
 * test:faults: what an operator meets when things break, tried as an operator would, with real
 * processes, a real PostgreSQL 15 and a real small disk:
 *  1. imports SIGKILLed at several points (just after their first commit, half-way, near the end,
 *     and once every row is committed, while the derived data is rebuilt), then run again, on
 *     SQLite and on PostgreSQL: the catalogue must equal one clean import of the same feed into a
 *     copy of the same start (videos, category and tag links, keyword counts, listing counts,
 *     search statistics): nothing lost, nothing doubled;
 *  2. two imports at once into one catalogue (two partners' feeds), on both stores: the second
 *     waits for the first, saying so once, and both complete with all their rows;
 *  3. a small disk (a 16 MB tmpfs; needs root to mount, skipped with a message otherwise) holding
 *     a SQLite catalogue and an import that fills it: one line naming the disk, exit code 1, the
 *     catalogue intact (PRAGMA integrity_check) and served; with room again, the import completes;
 *  4. PostgreSQL restarted under load (`pg_ctl restart -m fast`, `-m immediate`, then stopped for
 *     a few seconds) while visitors ask for cached and never-seen pages: no 500, no answer over
 *     5 s, cached pages always 200, health 503 while it is down, a vote during the outage refused
 *     with source_unavailable and one after it counted exactly once; the recovery time is measured.
 * The figures (errors by kind, recovery times, rows at each kill) are printed as a table at the end.
 *
 * Environment: NEXT_DIST_DIR (default .next; built when missing or older than the sources).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { freePort, freshCatalogEnv, npx, run, startNext } from '../support/system/harness.mjs';
import { startPostgres } from '../support/system/postgres.mjs';
import { prepareSite } from '../support/system/suite.mjs';
import { writeFeed } from './feeds.mjs';
import { killWhen, runImport, startImport } from './imports.mjs';
import { byKindAndStatus, SLOW_MS, startVisitors, timedGet } from './load.mjs';
import { restartPostgres, stopPostgres } from './postgres-control.mjs';
import { differences, pgSnapshot, sqliteSnapshot } from './snapshot.mjs';

/** Rows of the feed the kills cut short: several write transactions on either store. */
const KILL_ROWS = 10_000;
/** Rows of each partner's feed when two import at once. */
const PARTNER_ROWS = 6_000;
/** Rows that fill the small disk several times over. */
const DISK_ROWS = 30_000;
const DISK_MB = 16;
/** Room enough for the whole import (its WAL grows to a few times the rows it holds before it starts over). */
const ROOMY_MB = 320;
/** How long PostgreSQL stays stopped. */
const STOPPED_MS = 5000;
/** The site's PostgreSQL catalogue: enough videos that the visitors never ask for one twice. */
const SITE_VIDEOS = 1500;
/** Pages must answer again within this of the database's return, without a restart. */
const RECOVERY_MS = 15_000;

/** @type {[string, string, string][]} part, what, figure */
const figures = [];
/**
 * @param {string} part
 * @param {string} what
 * @param {string | number} figure
 */
const note = (part, what, figure) => figures.push([part, what, String(figure)]);

let tmp = '';
/** @type {import('../support/system/postgres.mjs').PostgresServer} */
let server;
/** The SQLite catalogue every SQLite case starts from (copied). */
let sqliteBase = '';

/** @param {string} name */
const pgUrl = (name) => server.url.replace(/\/[^/]*$/, `/${name}`);

/**
 * Runs SQL on the server's `postgres` database (CREATE DATABASE and the like).
 * @param {string} sql
 * @param {string} [database]
 */
async function pgAdmin(sql, database = 'postgres') {
  const client = new pg.Client({ connectionString: pgUrl(database) });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The environment of a catalogue tool on the SQLite file `file`. */
const sqliteEnv = (/** @type {string} */ file) => {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_PATH: file };
  delete env.DATABASE_URL;
  return env;
};
/** The environment of a catalogue tool on the PostgreSQL database `name`. */
const pgEnv = (/** @type {string} */ name) => ({ ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: pgUrl(name) });

/** A fresh SQLite catalogue: a copy of the base. */
function sqliteCopy(/** @type {string} */ name) {
  const file = path.join(tmp, `${name}.db`);
  fs.copyFileSync(sqliteBase, file);
  return file;
}

/** A fresh PostgreSQL catalogue: a copy of the base database. */
async function pgCopy(/** @type {string} */ name) {
  await pgAdmin(`CREATE DATABASE ${name} TEMPLATE faults_base`);
  return name;
}

/**
 * Counts the videos of `source` committed so far, on either store.
 * @param {{ kind: 'sqlite'; file: string } | { kind: 'pg'; name: string }} target
 */
function committedCounter(target) {
  if (target.kind === 'sqlite') {
    const db = new Database(target.file, { fileMustExist: true });
    const count = db.prepare('SELECT count(*) FROM video_sources WHERE source = ?').pluck();
    return { count: async (/** @type {string} */ source) => Number(count.get(source)), close: async () => db.close() };
  }
  const client = new pg.Client({ connectionString: pgUrl(target.name) });
  const connected = client.connect();
  return {
    count: async (/** @type {string} */ source) => {
      await connected;
      return Number((await client.query('SELECT count(*) AS n FROM video_sources WHERE source = $1', [source])).rows[0].n);
    },
    close: async () => {
      await connected;
      await client.end();
    },
  };
}

/**
 * The kill points: once a share of a clean run's time has gone or that share of the rows is
 * committed, whichever comes first (by time alone, a run quicker than the clean one ended before
 * it; by rows alone, every kill landed just after a commit, a SQLite transaction holding a second
 * of rows). The first just after a commit; the last once every row is in, to cut the rebuild short.
 */
const KILL_POINTS = /** @type {const} */ ([
  ['after its first commit', 0, 1 / KILL_ROWS],
  ['half-way', 0.5, 0.5],
  ['near the end', 0.8, 0.8],
  ['every row committed (rebuilding)', 1, 1],
]);

/**
 * Kills an import of the kill feed at each point, runs it again, and compares with a clean run.
 * @param {'sqlite' | 'pg'} store
 */
async function killAndRerun(store) {
  const feed = path.join(tmp, 'kill-feed.csv');
  const label = store === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const open = async (/** @type {string} */ name) => {
    if (store === 'sqlite') {
      const file = sqliteCopy(name);
      return { env: sqliteEnv(file), target: /** @type {const} */ ({ kind: 'sqlite', file }), snapshot: async () => sqliteSnapshot(file) };
    }
    const db = await pgCopy(name);
    return { env: pgEnv(db), target: /** @type {const} */ ({ kind: 'pg', name: db }), snapshot: () => pgSnapshot(pgUrl(db)) };
  };
  const clean = await open(`${store}_clean`);
  const cleanRun = await runImport(clean.env, feed, 'partner');
  assert.equal(cleanRun.code, 0, `the clean import failed:\n${cleanRun.err}`);
  note(`killed imports, ${label}`, 'clean import of the feed', `${KILL_ROWS} rows in ${(cleanRun.ms / 1000).toFixed(1)} s`);
  const want = await clean.snapshot();
  /** @type {string[]} */
  const wrong = [];
  for (const [i, [point, timeShare, rowShare]] of KILL_POINTS.entries()) {
    const c = await open(`${store}_kill${i}`);
    const counter = committedCounter(c.target);
    const startedAt = performance.now();
    const cut = startImport(c.env, feed, 'partner');
    const { killed, seen } = await killWhen(cut, async () => {
      const n = await counter.count('partner').catch(() => 0);
      const late = timeShare < 1 && performance.now() - startedAt >= timeShare * cleanRun.ms;
      return n > 0 && (late || n >= rowShare * KILL_ROWS) ? n : null;
    });
    const atKill = killed ? await counter.count('partner') : null;
    await counter.close();
    if (store === 'sqlite') {
      const db = new Database(c.target.kind === 'sqlite' ? c.target.file : '', { readonly: true });
      const check = db.pragma('integrity_check', { simple: true });
      db.close();
      if (check !== 'ok') wrong.push(`${point}: integrity_check after the kill said ${check}`);
    }
    const again = await runImport(c.env, feed, 'partner');
    if (again.code !== 0) wrong.push(`${point}: the import run again exited ${again.code}: ${again.err.trim()}`);
    const diff = differences(want, await c.snapshot());
    const lost = Object.values(diff).reduce((n, d) => n + d.lost, 0);
    const doubled = Object.values(diff).reduce((n, d) => n + d.doubled, 0);
    for (const [table, d] of Object.entries(diff)) wrong.push(`${point}: ${table}: ${d.lost} lost, ${d.doubled} doubled (${d.example})`);
    note(
      `killed imports, ${label}`,
      `SIGKILL ${point}`,
      killed
        ? `${atKill} of ${KILL_ROWS} rows committed (${seen} seen); re-run ${(again.ms / 1000).toFixed(1)} s; ${lost} lost, ${doubled} doubled`
        : `the import ended before the kill; ${lost} lost, ${doubled} doubled`,
    );
  }
  assert.deepEqual(wrong, [], `${label}: a killed import run again did not give what one clean run gives:\n  ${wrong.join('\n  ')}`);
}

/**
 * Two partners' imports started at once into one catalogue.
 * @param {'sqlite' | 'pg'} store
 */
async function twoAtOnce(store) {
  const label = store === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  let env;
  /** @type {{ kind: 'sqlite'; file: string } | { kind: 'pg'; name: string }} */
  let target;
  if (store === 'sqlite') {
    const file = sqliteCopy('two_at_once');
    env = sqliteEnv(file);
    target = { kind: 'sqlite', file };
  } else {
    const name = await pgCopy('pg_two_at_once');
    env = pgEnv(name);
    target = { kind: 'pg', name };
  }
  const runs = await Promise.all([
    startImport(env, path.join(tmp, 'partner-a.csv'), 'partner-a').done,
    startImport(env, path.join(tmp, 'partner-b.csv'), 'partner-b').done,
  ]);
  const counter = committedCounter(target);
  const counts = [await counter.count('partner-a'), await counter.count('partner-b')];
  await counter.close();
  const waited = runs.map((r) => r.err.split('\n').filter((l) => /^another import is writing to .+; waiting$/.test(l)).length);
  note(
    `two imports at once, ${label}`,
    'exit codes, rows in the catalogue, "waiting" lines',
    `${runs.map((r) => r.code).join(' and ')}; ${counts.join(' + ')} of ${PARTNER_ROWS} + ${PARTNER_ROWS}; ${waited.join(' + ')}`,
  );
  assert.deepEqual(runs.map((r) => r.code), [0, 0], `both imports complete:\n${runs.map((r) => r.err).join('\n')}`);
  assert.deepEqual(counts, [PARTNER_ROWS, PARTNER_ROWS], 'every row of both feeds is in the catalogue');
  assert.deepEqual([...waited].sort(), [0, 1], 'the one that waited said so, once');
}

describe('faults survived', () => {
  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-faults-'));
    writeFeed(path.join(tmp, 'kill-feed.csv'), { rows: KILL_ROWS });
    writeFeed(path.join(tmp, 'partner-a.csv'), { rows: PARTNER_ROWS, word: 'quayside' });
    writeFeed(path.join(tmp, 'partner-b.csv'), { rows: PARTNER_ROWS, first: 500_001, word: 'riverbank' });
    writeFeed(path.join(tmp, 'disk-feed.csv'), { rows: DISK_ROWS });
    sqliteBase = path.join(tmp, 'base.db');
    const seeded = run(npx, ['tsx', '--conditions=react-server', 'scripts/seed.ts', '--videos', '100', '--db', sqliteBase], sqliteEnv(sqliteBase));
    assert.equal(seeded, 0, 'seeding the SQLite base catalogue');
    // A clean copy: no WAL beside it.
    const db = new Database(sqliteBase);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    // Its own server always: the suite restarts and stops it, which a shared TEST_DATABASE_URL server must not be.
    delete process.env.TEST_DATABASE_URL;
    server = await startPostgres({ database: 'faults_base', log: true });
    const prepared = run(npx, ['tsx', '--conditions=react-server', 'scripts/prepare-catalog.ts'], { ...pgEnv('faults_base'), SEED_VIDEOS: '100' });
    assert.equal(prepared, 0, 'seeding the PostgreSQL base catalogue');
  });

  after(async () => {
    await server?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    const width = Math.max(...figures.map((f) => f[0].length), 4);
    const what = Math.max(...figures.map((f) => f[1].length), 4);
    console.log(`\ntest:faults figures\n${'part'.padEnd(width)}  ${'what'.padEnd(what)}  figure`);
    for (const [part, w, figure] of figures) console.log(`${part.padEnd(width)}  ${w.padEnd(what)}  ${figure}`);
  });

  test('an import SIGKILLed at any point and run again leaves what one clean run leaves (SQLite)', () => killAndRerun('sqlite'));
  test('an import SIGKILLed at any point and run again leaves what one clean run leaves (PostgreSQL)', () => killAndRerun('pg'));
  test('two imports at once into one SQLite catalogue: the second waits, both complete', () => twoAtOnce('sqlite'));
  test('two imports at once into one PostgreSQL catalogue: the second waits, both complete', () => twoAtOnce('pg'));

  describe('with the site running', () => {
    before(() => prepareSite(freshCatalogEnv('data/faults-suite.db')));

    test('a full disk stops an import with one line naming it; the catalogue stays intact and served', async (t) => {
      if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
        t.skip(`mounting a ${DISK_MB} MB tmpfs needs root: the full-disk case was not tried`);
        return;
      }
      const disk = path.join(tmp, 'small-disk');
      fs.mkdirSync(disk);
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', disk], { encoding: 'utf8' });
      assert.equal(mounted.status, 0, `mount -t tmpfs: ${mounted.stderr}`);
      try {
        const file = path.join(disk, 'catalog.db');
        fs.copyFileSync(sqliteBase, file);
        const videos = () => {
          const db = new Database(file, { readonly: true });
          try {
            return { check: db.pragma('integrity_check', { simple: true }), n: Number(db.prepare('SELECT count(*) FROM videos').pluck().get()) };
          } finally {
            db.close();
          }
        };
        const before = videos();
        const full = await runImport(sqliteEnv(file), path.join(tmp, 'disk-feed.csv'), 'partner');
        const said = full.err.split('\n').filter((l) => l.trim());
        const after = videos();
        note('full disk (SQLite)', `import into a ${DISK_MB} MB tmpfs`, `exit ${full.code}; ${said.length} line(s): ${said.join(' / ')}`);
        note('full disk (SQLite)', 'catalogue after', `integrity_check ${after.check}; ${after.n - before.n} of ${DISK_ROWS} rows committed`);
        assert.notEqual(full.code, 0, 'the import fails');
        assert.equal(said.length, 1, `one line on stderr:\n${full.err}`);
        assert.match(said[0] ?? '', new RegExp(`the disk holding ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is full`));
        assert.equal(after.check, 'ok');

        const site = await startNext(await freePort(), { ...freshCatalogEnv('data/faults-suite.db'), DATABASE_PATH: file });
        try {
          const home = await timedGet(`${site.baseUrl}/`);
          const health = await timedGet(`${site.baseUrl}/api/health/`);
          const video = /\/video\/\d+\/[^/"]+\//.exec(home.body)?.[0];
          const page = video ? await timedGet(site.baseUrl + video) : { status: 'no video link', ms: 0 };
          note('full disk (SQLite)', 'the site on the full disk: home, a video, health', `${home.status}, ${page.status}, ${health.status}`);
          assert.deepEqual([home.status, page.status, health.status], [200, 200, 200], 'served from the full disk');
        } finally {
          site.stop();
        }

        const grown = spawnSync('mount', ['-o', `remount,size=${ROOMY_MB}m`, disk], { encoding: 'utf8' });
        assert.equal(grown.status, 0, `remount: ${grown.stderr}`);
        const again = await runImport(sqliteEnv(file), path.join(tmp, 'disk-feed.csv'), 'partner');
        const done = videos();
        note('full disk (SQLite)', `the import again with ${ROOMY_MB} MB`, `exit ${again.code}; ${done.n - before.n} of ${DISK_ROWS} rows; integrity_check ${done.check}`);
        assert.equal(again.code, 0, again.err);
        assert.equal(done.n - before.n, DISK_ROWS);
      } finally {
        spawnSync('umount', ['-l', disk]);
      }
    });

    test('PostgreSQL restarted and stopped under load: cached pages answer, new ones get a quick 503, votes count once', async () => {
      // Its own catalogue, larger than the base: every page asked for under load is one never asked before.
      await pgAdmin('CREATE DATABASE faults_site');
      const env = { ...freshCatalogEnv('data/faults-suite.db'), DATABASE_URL: pgUrl('faults_site'), SEED_VIDEOS: String(SITE_VIDEOS) };
      assert.equal(run(npx, ['tsx', '--conditions=react-server', 'scripts/prepare-catalog.ts'], env), 0, 'seeding the site catalogue');
      const site = await startNext(await freePort(), env);
      try {
        const base = site.baseUrl;
        // Listed videos only: a scheduled one's page is not there yet.
        const videos = (
          await pgAdmin('SELECT id, dir FROM videos WHERE status_id = 1 AND post_date <= extract(epoch FROM now()) ORDER BY id', 'faults_site')
        ).map((r) => `/video/${r.id}/${r.dir}/`);
        const cached = ['/', '/categories/', ...videos.slice(0, 10)];
        // Twice: the first request renders and stores, the second is served from the cache.
        for (const url of [...cached, ...cached]) assert.equal((await timedGet(base + url)).status, 200, url);
        let next = cached.length;
        const fresh = () => videos[next++ % videos.length] ?? '/';
        const visitors = startVisitors(base, cached, fresh);
        /** A never-seen page every 50 ms until one answers 200; resolves to the time that took (Infinity: not within RECOVERY_MS). */
        const recovery = async () => {
          const t = performance.now();
          while ((await timedGet(base + fresh())).status !== 200) {
            if (performance.now() - t > RECOVERY_MS) return Infinity;
            await new Promise((r) => setTimeout(r, 50));
          }
          return Math.round(performance.now() - t);
        };
        /** @type {number[]} */
        const recoveries = [];
        /** Posts a vote (or a view) of the video at `url`, as its page's script does. */
        const vote = async (/** @type {string} */ url, act = 'vote') => {
          const id = idOf(url);
          const res = await fetch(`${base}/api/input.php`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `act=${act}&section=video&object_id=${id}${act === 'vote' ? '&vote=1' : ''}`,
            signal: AbortSignal.timeout(2 * SLOW_MS),
          });
          return { status: res.status, body: await res.text() };
        };
        const likes = async (/** @type {number} */ id) => Number((await pgAdmin(`SELECT likes FROM videos WHERE id = ${Number(id)}`, 'faults_site'))[0]?.likes);
        const idOf = (/** @type {string} */ url) => Number(/\/video\/(\d+)\//.exec(url)?.[1]);

        await new Promise((r) => setTimeout(r, 2000));
        for (const mode of /** @type {const} */ (['fast', 'immediate'])) {
          await restartPostgres(server, mode);
          recoveries.push(await recovery());
          note('PostgreSQL under load', `pg_ctl restart -m ${mode}: pages answer again after`, `${recoveries.at(-1)} ms`);
        }
        const refused = fresh();
        const refusedBefore = await likes(idOf(refused));
        const start = await stopPostgres(server);
        const stoppedAt = performance.now();
        const health = await timedGet(`${base}/api/health/`);
        const outageVote = await vote(refused);
        const outageView = await vote(refused, 'view');
        await new Promise((r) => setTimeout(r, Math.max(0, STOPPED_MS - (performance.now() - stoppedAt))));
        await start();
        note(
          'PostgreSQL under load',
          `stopped ${STOPPED_MS / 1000} s: health, a vote, a view`,
          `${health.status}; ${outageVote.status} ${outageVote.body}; ${outageView.status} ${outageView.body}`,
        );
        recoveries.push(await recovery());
        note('PostgreSQL under load', 'pages answer again after the start', `${recoveries.at(-1)} ms`);
        const refusedCounted = (await likes(idOf(refused))) - refusedBefore;
        const later = fresh();
        const before = await likes(idOf(later));
        const afterVote = await vote(later);
        const counted = (await likes(idOf(later))) - before;
        note('PostgreSQL under load', 'votes counted: the refused one, one after', `${refusedCounted}; ${afterVote.status} ${afterVote.body}, ${counted}`);
        const answers = await visitors.stop();
        for (const [key, { n, slowest }] of byKindAndStatus(answers)) note('PostgreSQL under load', `answers: ${key}`, `${n}, slowest ${Math.round(slowest)} ms`);

        assert.ok(recoveries.every((ms) => ms <= RECOVERY_MS), `pages answer again within ${RECOVERY_MS / 1000} s of the database's return`);
        assert.equal(health.status, 503, 'health says 503 while the database is down');
        for (const refusedPost of [outageVote, outageView]) {
          // 502: the catalogue behind the site failed (never a 500, never a hang).
          assert.ok([502, 503].includes(refusedPost.status), `a vote or view during the outage: ${refusedPost.status}`);
          assert.match(refusedPost.body, /"code":"source_unavailable"/);
        }
        assert.equal(afterVote.status, 200, afterVote.body);
        assert.equal(counted, 1, 'the vote after the outage counts once');
        const wrongs = answers.filter((a) => (a.kind === 'cached' ? a.status !== 200 : a.status !== 200 && a.status !== 503) || a.ms > SLOW_MS);
        assert.deepEqual(
          wrongs.map((a) => `${a.kind} ${a.url}: ${a.status} in ${Math.round(a.ms)} ms`),
          [],
          'cached pages answer 200, new ones 200 or 503, all within 5 s',
        );
        assert.equal(refusedCounted, 0, 'the vote refused during the outage was not counted after it');
      } finally {
        site.stop();
      }
    });
  });
});
