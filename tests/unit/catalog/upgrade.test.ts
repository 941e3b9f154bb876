/**
 * A catalogue file older than the migrations reach (lib/catalog/sqlite/migrations.ts) is rebuilt
 * from the demo seed on the next start, unless it holds an operator's content (imported videos,
 * takedowns): then nothing is touched and the start stops with one line saying why
 * (lib/catalog/sqlite/db.ts, CatalogUpgradeError). One the migrations reach is migrated
 * (migrations.test.ts), a demo one too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensureCatalogFile } from '@/lib/catalog/sqlite/db';
import { ensureImportTables } from '@/lib/catalog/sqlite/import-schema';
import { SQLITE_MIGRATIONS } from '@/lib/catalog/sqlite/migrations';
import { SCHEMA_VERSION } from '@/lib/catalog/sqlite/schema';
import { CatalogUpgradeError } from '@/lib/catalog/upgrade-error';
import { schema5Catalogue } from './helpers/old-catalogue';

const NOW = 1_749_988_800;
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-upgrade-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The newest schema no migration upgrades. */
const TOO_OLD = SQLITE_MIGRATIONS.base - 1;

/** A seeded catalogue at `file` made to look older than the migrations reach, with `imported` imported videos and `takedowns` takedowns. */
function olderCatalogue(file: string, imported: number, takedowns: number): void {
  ensureCatalogFile(file, { seedVideos: 40, now: NOW });
  const db = new Database(file);
  ensureImportTables(db);
  const ids = db.prepare('SELECT id FROM videos ORDER BY id LIMIT ?').pluck().all(imported + takedowns) as number[];
  ids.slice(0, imported).forEach((id, i) => {
    db.prepare("INSERT INTO video_sources VALUES (?, 'partner', ?, 'https://www.xvideos.com/embedframe/1', 'https://t/1.jpg', '[]', NULL, 'h', 1)").run(id, `ext-${i}`);
  });
  for (const id of ids.slice(imported)) db.prepare('INSERT INTO takedowns VALUES (?, NULL, NULL, ?)').run(id, NOW);
  db.pragma(`user_version = ${TOO_OLD}`);
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

it('migrates a demo catalogue the migrations reach instead of rebuilding it', () => {
  // The schema-5 catalogue of the code before the migrations, without its imported content.
  const file = schema5Catalogue(dir);
  const db = new Database(file);
  db.exec('DELETE FROM video_sources; DELETE FROM takedowns;');
  const buildId = db.prepare("SELECT value FROM meta WHERE key = 'build_id'").pluck().get();
  db.close();
  expect(ensureCatalogFile(file, { seedVideos: 30, now: NOW, log: () => {} })).toBeNull();
  expect(version(file)).toBe(SCHEMA_VERSION);
  const after = new Database(file, { readonly: true });
  expect(after.prepare("SELECT value FROM meta WHERE key = 'build_id'").pluck().get()).toBe(buildId);
  after.close();
});

it('rebuilds a demo catalogue older than the migrations reach from the seed, as before', () => {
  const file = path.join(dir, 'catalog.db');
  olderCatalogue(file, 0, 0);
  expect(ensureCatalogFile(file, { seedVideos: 30, now: NOW })?.videos).toBe(30);
  expect(version(file)).toBe(SCHEMA_VERSION);
});

it.each([
  ['imported videos', 3, 0],
  ['takedowns only', 0, 2],
])('never replaces a catalogue too old to migrate holding %s, and says why in one line', (_what, imported, takedowns) => {
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
  expect((error as Error).message).toContain(
    `is catalogue schema ${TOO_OLD} and holds ${imported + takedowns} imported videos and takedowns; this version of tubefront migrates catalogues of schema ${SQLITE_MIGRATIONS.base} or later`,
  );
  expect((error as Error).message).not.toContain('\n');
  expect(fs.readFileSync(file).equals(before)).toBe(true);
  expect(version(file)).toBe(TOO_OLD);
});
