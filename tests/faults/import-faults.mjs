/**
 * The import faults of test:faults on the suite's catalogues: a SQLite base file and a PostgreSQL
 * base database (both seeded with the same 100 demo videos), copied fresh for every case, and
 * `npm run import` run on them, killed, run again and run twice at once.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { killWhen, runImport, startImport } from './imports.mjs';
import { differences, pgSnapshot, sqliteSnapshot } from './snapshot.mjs';

/**
 * Rows of the feed the kills cut short, per store: several write transactions on either. The SQLite
 * writer commits after a second of work (TRANSACTION_MS), and on a quick machine 10,000 rows fit in
 * one: every kill then came after the last commit, and only the rebuild was ever cut short.
 */
export const KILL_ROWS = /** @type {const} */ ({ sqlite: 50_000, pg: 10_000 });
/** @param {'sqlite' | 'pg'} store */
export const killFeedName = (store) => `kill-feed-${store}.csv`;
/** Rows of each partner's feed when two import at once. */
export const PARTNER_ROWS = 6_000;
/** @typedef {(part: string, what: string, figure: string | number) => void} Note a line of the figures table */

/**
 * The catalogues under `tmp` and on `server`, and the import faults tried on them.
 * @param {{ tmp: string; server: import('../support/system/postgres.mjs').PostgresServer; sqliteBase: string; note: Note }} suite
 */
export function importFaults({ tmp, server, sqliteBase, note }) {
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
    ['after its first commit', 0, 0],
    ['half-way', 0.5, 0.5],
    ['near the end', 0.8, 0.8],
    ['every row committed (rebuilding)', 1, 1],
  ]);

  /**
   * Kills an import of the kill feed at each point, runs it again, and compares with a clean run.
   * @param {'sqlite' | 'pg'} store
   */
  async function killAndRerun(store) {
    const feed = path.join(tmp, killFeedName(store));
    const rows = KILL_ROWS[store];
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
    note(`killed imports, ${label}`, 'clean import of the feed', `${rows} rows in ${(cleanRun.ms / 1000).toFixed(1)} s`);
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
        return n > 0 && (late || n >= rowShare * rows) ? n : null;
      });
      const atKill = killed ? await counter.count('partner') : null;
      // The first point must cut the import itself short, or the feed is too small for this machine.
      if (i === 0 && atKill === rows) wrong.push(`${point}: every row was committed before the kill (one transaction held the whole feed): raise KILL_ROWS.${store}`);
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
          ? `${atKill} of ${rows} rows committed (${seen} seen); re-run ${(again.ms / 1000).toFixed(1)} s; ${lost} lost, ${doubled} doubled`
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

  return { pgUrl, pgAdmin, sqliteEnv, pgEnv, killAndRerun, twoAtOnce };
}
