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
import { freePort, freshCatalogEnv, npx, run, startNext } from '../support/system/harness.mjs';
import { startPostgres } from '../support/system/postgres.mjs';
import { prepareSite } from '../support/system/suite.mjs';
import { writeFeed } from './feeds.mjs';
import { importFaults, KILL_ROWS, killFeedName, PARTNER_ROWS } from './import-faults.mjs';
import { runImport } from './imports.mjs';
import { timedGet } from './load.mjs';
import { postgresUnderLoad } from './postgres-outage.mjs';

/** Rows that fill the small disk several times over. */
const DISK_ROWS = 30_000;
const DISK_MB = 16;
/** Room enough for the whole import (its WAL grows to a few times the rows it holds before it starts over). */
const ROOMY_MB = 320;

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
/** @type {ReturnType<typeof importFaults>} made by the first `before` */
let catalogues;

describe('faults survived', () => {
  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-faults-'));
    for (const store of /** @type {const} */ (['sqlite', 'pg'])) writeFeed(path.join(tmp, killFeedName(store)), { rows: KILL_ROWS[store] });
    writeFeed(path.join(tmp, 'partner-a.csv'), { rows: PARTNER_ROWS, word: 'quayside' });
    writeFeed(path.join(tmp, 'partner-b.csv'), { rows: PARTNER_ROWS, first: 500_001, word: 'riverbank' });
    writeFeed(path.join(tmp, 'disk-feed.csv'), { rows: DISK_ROWS });
    // Its own server always: the suite restarts and stops it, which a shared TEST_DATABASE_URL server must not be.
    delete process.env.TEST_DATABASE_URL;
    server = await startPostgres({ database: 'faults_base', log: true });
    sqliteBase = path.join(tmp, 'base.db');
    catalogues = importFaults({ tmp, server, sqliteBase, note });
    const seeded = run(npx, ['tsx', '--conditions=react-server', 'scripts/seed.ts', '--videos', '100', '--db', sqliteBase], catalogues.sqliteEnv(sqliteBase));
    assert.equal(seeded, 0, 'seeding the SQLite base catalogue');
    // A clean copy: no WAL beside it.
    const db = new Database(sqliteBase);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const prepared = run(npx, ['tsx', '--conditions=react-server', 'scripts/prepare-catalog.ts'], { ...catalogues.pgEnv('faults_base'), SEED_VIDEOS: '100' });
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

  test('an import SIGKILLed at any point and run again leaves what one clean run leaves (SQLite)', () => catalogues.killAndRerun('sqlite'));
  test('an import SIGKILLed at any point and run again leaves what one clean run leaves (PostgreSQL)', () => catalogues.killAndRerun('pg'));
  test('two imports at once into one SQLite catalogue: the second waits, both complete', () => catalogues.twoAtOnce('sqlite'));
  test('two imports at once into one PostgreSQL catalogue: the second waits, both complete', () => catalogues.twoAtOnce('pg'));

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
        const full = await runImport(catalogues.sqliteEnv(file), path.join(tmp, 'disk-feed.csv'), 'partner');
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
        const again = await runImport(catalogues.sqliteEnv(file), path.join(tmp, 'disk-feed.csv'), 'partner');
        const done = videos();
        note('full disk (SQLite)', `the import again with ${ROOMY_MB} MB`, `exit ${again.code}; ${done.n - before.n} of ${DISK_ROWS} rows; integrity_check ${done.check}`);
        assert.equal(again.code, 0, again.err);
        assert.equal(done.n - before.n, DISK_ROWS);
      } finally {
        spawnSync('umount', ['-l', disk]);
      }
    });

    test('PostgreSQL restarted and stopped under load: cached pages answer, new ones get a quick 503, votes count once', () =>
      postgresUnderLoad({ server, pgUrl: catalogues.pgUrl, pgAdmin: catalogues.pgAdmin, note }));
  });
});
