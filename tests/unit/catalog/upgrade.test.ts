/**
 * A catalogue file of another schema version is rebuilt from the demo seed on the next start,
 * unless it holds an operator's content (imported videos, takedowns): then nothing is touched and
 * the start stops with one line saying why (lib/catalog/sqlite/db.ts, CatalogUpgradeError).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensureCatalogFile } from '@/lib/catalog/sqlite/db';
import { ensureImportTables } from '@/lib/catalog/sqlite/import-schema';
import { SCHEMA_VERSION } from '@/lib/catalog/sqlite/schema';
import { CatalogUpgradeError } from '@/lib/catalog/upgrade-error';

const NOW = 1_749_988_800;
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-upgrade-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A seeded catalogue at `file` made to look one schema version older, with `imported` imported videos and `takedowns` takedowns. */
function olderCatalogue(file: string, imported: number, takedowns: number): void {
  ensureCatalogFile(file, { seedVideos: 40, now: NOW });
  const db = new Database(file);
  ensureImportTables(db);
  const ids = db.prepare('SELECT id FROM videos ORDER BY id LIMIT ?').pluck().all(imported + takedowns) as number[];
  ids.slice(0, imported).forEach((id, i) => {
    db.prepare("INSERT INTO video_sources VALUES (?, 'partner', ?, 'https://www.xvideos.com/embedframe/1', 'https://t/1.jpg', '[]', NULL, 'h', 1)").run(id, `ext-${i}`);
  });
  for (const id of ids.slice(imported)) db.prepare('INSERT INTO takedowns VALUES (?, NULL, NULL, ?)').run(id, NOW);
  db.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const version = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true });
  } finally {
    db.close();
  }
};

it('rebuilds an older demo catalogue from the seed, as before', () => {
  const file = path.join(dir, 'catalog.db');
  olderCatalogue(file, 0, 0);
  expect(ensureCatalogFile(file, { seedVideos: 30, now: NOW })?.videos).toBe(30);
  expect(version(file)).toBe(SCHEMA_VERSION);
});

it.each([
  ['imported videos', 3, 0],
  ['takedowns only', 0, 2],
])('never replaces an older catalogue holding %s, and says why in one line', (_what, imported, takedowns) => {
  const file = path.join(dir, 'catalog.db');
  olderCatalogue(file, imported, takedowns);
  const before = fs.readFileSync(file);
  let error: unknown;
  try {
    ensureCatalogFile(file, { seedVideos: 30, now: NOW });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(CatalogUpgradeError);
  expect((error as Error).message).toContain(`is catalogue schema ${SCHEMA_VERSION - 1} and holds ${imported + takedowns} imported videos and takedowns`);
  expect((error as Error).message).not.toContain('\n');
  expect(fs.readFileSync(file).equals(before)).toBe(true);
  expect(version(file)).toBe(SCHEMA_VERSION - 1);
});
