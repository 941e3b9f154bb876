/**
 * lib/catalog/sqlite/site-write.ts: a view or a vote written while another connection (an import, on a
 * thread of its own here) holds the write lock waits off the event loop, and lands once the lock
 * is free. Before, the wait was inside SQLite (busy_timeout), and the whole server stood still.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { endImportCheckpoints, renewImportCheckpoints } from '@/lib/catalog/sqlite/import-checkpoints';
import { recordView } from '@/lib/catalog/sqlite/input-actions';
import { isBusy, writeWhenFree } from '@/lib/catalog/sqlite/site-write';
import { NOW, type Fixture, openFixture } from './helpers/catalog-fixture';
import { holdWriteLock } from './helpers/hold-write-lock';

let fx: Fixture;
beforeAll(() => {
  fx = openFixture(200);
});
afterAll(() => fx.close());

const views = (id: number) => Number(fx.db.prepare('SELECT views FROM videos WHERE id = ?').pluck().get(id));

it('waits for the lock without holding up the event loop, then writes', async () => {
  const id = Number(fx.db.prepare('SELECT id FROM videos WHERE status_id = 1 AND post_date <= ? ORDER BY id LIMIT 1').pluck().get(NOW));
  const before = views(id);
  const { released } = await holdWriteLock(fx.db.name, 300);
  // The event loop's beat while the write waits: a timer every 5 ms.
  let last = performance.now();
  let longestGap = 0;
  const beat = setInterval(() => {
    const t = performance.now();
    longestGap = Math.max(longestGap, t - last);
    last = t;
  }, 5);
  const started = performance.now();
  let answer: unknown;
  let waited: number;
  try {
    answer = await writeWhenFree(fx.db, () => recordView(fx.db, id, NOW));
    waited = performance.now() - started;
    // The time since the last beat counts too (a loop held up to the end never beat at all).
    longestGap = Math.max(longestGap, performance.now() - last);
  } finally {
    clearInterval(beat);
    await released;
  }
  expect(answer).toEqual({ ok: 1 });
  expect(views(id)).toBe(before + 1);
  expect(waited).toBeGreaterThan(200);
  // A write that blocked would hold the loop for the lock's whole 300 ms; a beat late by some tens
  // of ms is the machine (jest's other workers, a GC), not the write.
  expect(longestGap).toBeLessThan(250);
  expect(fx.db.pragma('busy_timeout', { simple: true })).toBe(5000);
}, 30_000);

it('gives up with the busy error after the time allowed, and lets other errors through at once', async () => {
  const { released } = await holdWriteLock(fx.db.name, 400);
  const error = await writeWhenFree(fx.db, () => recordView(fx.db, 1, NOW), 100).catch((e: unknown) => e);
  await released;
  expect(isBusy(error)).toBe(true);
  expect((error as Error).message).toBe('database is locked');
  let calls = 0;
  const other = await writeWhenFree(fx.db, () => {
    calls += 1;
    throw new Database.SqliteError('no such table: x', 'SQLITE_ERROR');
  }).catch((e: unknown) => e);
  expect((other as Error).message).toBe('no such table: x');
  expect(calls).toBe(1);
  expect(fx.db.pragma('busy_timeout', { simple: true })).toBe(5000);
}, 30_000);

it("leaves the WAL to a running import's checkpoint thread, and checkpoints again once it has stopped", async () => {
  // An import on another connection: 2,000 new pages in the WAL, none copied back yet.
  const importer = new Database(fx.db.name);
  try {
    importer.pragma('wal_autocheckpoint = 0');
    importer.exec('CREATE TABLE filler (x BLOB)');
    importer.transaction(() => {
      for (let i = 0; i < 2000; i++) importer.prepare('INSERT INTO filler (x) VALUES (randomblob(4000))').run();
    })();
    const id = Number(fx.db.prepare('SELECT id FROM videos WHERE status_id = 1 AND post_date <= ? ORDER BY id LIMIT 1').pluck().get(NOW));
    const fileSize = () => fs.statSync(fx.db.name).size;
    const before = fileSize();

    renewImportCheckpoints(importer);
    await writeWhenFree(fx.db, () => recordView(fx.db, id, NOW));
    // Under the lease the site's write copied nothing back (the new pages would have grown the file).
    expect(fileSize()).toBe(before);
    expect(fx.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);

    endImportCheckpoints(importer);
    await writeWhenFree(fx.db, () => recordView(fx.db, id, NOW));
    expect(fileSize()).toBeGreaterThan(before + 2000 * 4000);
  } finally {
    importer.close();
  }
});
