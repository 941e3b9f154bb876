/**
 * The SQLite catalogue's migrations, on the schema-5 catalogue the code before them wrote
 * (tests/fixtures/catalogues: a demo seed, imported feeds, takedowns, views, votes): upgraded in
 * place with every row kept; a step that fails half-way leaves the file byte for byte as it was;
 * several processes opening it at once apply each step once; a newer catalogue is refused.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { ensureCatalogFile } from '@/lib/catalog/sqlite/db';
import { SQLITE_MIGRATIONS, type SqliteStep } from '@/lib/catalog/sqlite/migrations';
import { SCHEMA_VERSION } from '@/lib/catalog/sqlite/schema';
import { sqliteStore } from '@/lib/catalog/sqlite/store';
import { CatalogMigrationError, CatalogTooNewError } from '@/lib/catalog/upgrade-error';
import { everyRow, metaVersion, schema5Catalogue, schemaOf, shapeOf } from './helpers/old-catalogue';

const run = promisify(execFile);
const root = path.join(__dirname, '../../..');
const SEED_NOW = 1_749_988_800;

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-migrate-'));
  file = schema5Catalogue(dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** ensureCatalogFile's error, or null. */
function openError(options: Partial<Parameters<typeof ensureCatalogFile>[1]> = {}): Error | null {
  try {
    ensureCatalogFile(file, { seedVideos: 5, log: () => {}, ...options });
    return null;
  } catch (e) {
    return e as Error;
  }
}

it('upgrades the schema-5 catalogue in place: every row kept, one line per step, the same schema as a new catalogue', () => {
  const shape = shapeOf(file);
  const before = everyRow(file, shape);
  expect(before.video_sources?.length).toBeGreaterThan(30);
  expect(before.takedowns).toHaveLength(2);
  expect(before.votes?.length).toBeGreaterThan(0);
  const lines: string[] = [];
  expect(ensureCatalogFile(file, { seedVideos: 5, log: (l) => lines.push(l) })).toBeNull();

  expect(lines).toHaveLength(SCHEMA_VERSION - 5);
  expect(lines[0]).toMatch(/^catalogue: migration 6 \(index of each feed's rows by run\) applied in \d+ ms$/);
  expect(lines[1]).toMatch(/^catalogue: migration 7 \(models, channels, tags and orientation\) applied in \d+ ms$/);
  expect(everyRow(file, shape)).toEqual(before);
  expect(metaVersion(file)).toBe(String(SCHEMA_VERSION));

  const fresh = path.join(dir, 'fresh.db');
  ensureCatalogFile(fresh, { seedVideos: 5, now: SEED_NOW });
  expect(schemaOf(file)).toEqual(schemaOf(fresh));

  // The site reads it: the imported videos are listed, the taken-down ones are gone.
  const db = new Database(file, { readonly: true });
  try {
    const store = sqliteStore(db);
    const takenDown = before.takedowns!.map((r) => (JSON.parse(r) as number[])[0]!);
    expect(takenDown.map((id) => store.videoDetail(id, SEED_NOW + 3600))).toEqual([null, null]);
    const imported = (JSON.parse(before.video_sources![0]!) as number[])[0]!;
    expect(store.videoDetail(imported, SEED_NOW + 3600)).not.toBeNull();
  } finally {
    db.close();
  }
  // A second open has nothing to do.
  expect(ensureCatalogFile(file, { seedVideos: 5, log: (l) => lines.push(l) })).toBeNull();
  expect(lines).toHaveLength(SCHEMA_VERSION - 5);
});

it('step 7 makes every video straight, copies each tag membership its video\'s columns and fills the derived tables', () => {
  ensureCatalogFile(file, { seedVideos: 5, log: () => {} });
  const db = new Database(file, { readonly: true });
  try {
    const one = (sql: string) => db.prepare(sql).pluck().get();
    expect(one('SELECT count(*) FROM videos WHERE gender <> 0 OR channel_id <> 0')).toBe(0);
    expect(one('SELECT count(*) FROM video_tags')).toBeGreaterThan(0);
    expect(
      one(`SELECT count(*) FROM video_tags t JOIN videos v ON v.id = t.video_id WHERE (t.post_date, t.duration, t.status_id, t.views,
        t.rating, t.likes, t.comments, t.gender) IS NOT (v.post_date, v.duration, v.status_id, v.views, v.rating, v.likes, v.comments, v.gender)`),
    ).toBe(0);
    // The listing totals of all videos and of a category, and each tag's statistics, as a count of the rows says.
    const store = sqliteStore(db);
    const now = Math.floor(Date.now() / 1000);
    const listed = `status_id IN (1, 5) AND post_date <= ${now}`;
    expect(store.countListable({ categoryId: 0, entity: null, gender: 'str', duration: 'all', date: 'all' }, now)).toBe(one(`SELECT count(*) FROM videos WHERE ${listed}`));
    const category = one('SELECT category_id FROM video_categories GROUP BY 1 ORDER BY count(*) DESC LIMIT 1') as number;
    expect(store.countListable({ categoryId: category, entity: null, gender: 'str', duration: '2', date: 'all' }, now)).toBe(
      one(`SELECT count(*) FROM video_categories WHERE category_id = ${category} AND duration BETWEEN 600 AND 2400 AND ${listed}`),
    );
    expect(db.prepare('SELECT entity_id, videos, views FROM entity_stats WHERE kind = 3 ORDER BY entity_id').raw().all()).toEqual(
      db.prepare(`SELECT tag_id, count(*), sum(views) FROM video_tags WHERE ${listed} GROUP BY tag_id ORDER BY tag_id`).raw().all(),
    );
    // The period sums were made again as of the day it migrated (the fixture's views are older than a month).
    expect(Number(one("SELECT value FROM meta WHERE key = 'period_stats_day'"))).toBe(Math.floor(now / 86_400));
  } finally {
    db.close();
  }
});

it('the first real step is the index an import run reads its source by', () => {
  ensureCatalogFile(file, { seedVideos: 5, log: () => {} });
  const db = new Database(file, { readonly: true });
  try {
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('; ');
    expect(plan("SELECT max(seen_run) FROM video_sources WHERE source = 'partner'")).toMatch(/COVERING INDEX idx_sources_run/);
    expect(plan("SELECT video_id FROM video_sources WHERE source = 'partner' AND seen_run <> 1")).toMatch(/COVERING INDEX idx_sources_run/);
  } finally {
    db.close();
  }
});

/** A step that changes the schema and the rows, then fails. */
const failingStep = (version: number): SqliteStep => ({
  version,
  does: 'a step that fails half-way',
  apply(db) {
    db.exec('CREATE INDEX idx_half ON videos (title); CREATE TABLE half (id INTEGER); INSERT INTO half SELECT id FROM videos; UPDATE videos SET views = 0; DELETE FROM takedowns;');
    db.prepare('INSERT INTO half VALUES (?)').run('not a step'.length);
    throw new Error('disk quota exceeded\nsecond line');
  },
});

it('a step that fails half-way leaves the file byte for byte as it was, and says so in one line', () => {
  const bytes = fs.readFileSync(file);
  const error = openError({ migrations: { base: 5, steps: [failingStep(6)] } });
  expect(error).toBeInstanceOf(CatalogMigrationError);
  expect(error?.message).toBe(`${file}: migration 6 (a step that fails half-way) failed: disk quota exceeded second line; it was rolled back, the catalogue is still schema 5.`);
  expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  // ...and the real steps still apply afterwards.
  expect(openError()).toBeNull();
  expect(schemaOf(file).version).toBe(SCHEMA_VERSION);
});

it('steps before the failing one stay applied: the catalogue is at the last one that succeeded', () => {
  const shape = shapeOf(file);
  const before = everyRow(file, shape);
  const error = openError({ migrations: { base: 5, steps: [...SQLITE_MIGRATIONS.steps, failingStep(SCHEMA_VERSION + 1)] } });
  expect(error?.message).toMatch(new RegExp(`migration ${SCHEMA_VERSION + 1} \\(a step that fails half-way\\) failed: .*still schema ${SCHEMA_VERSION}\\.$`));
  expect(schemaOf(file).version).toBe(SCHEMA_VERSION);
  expect(everyRow(file, shape)).toEqual(before);
  expect(openError()).toBeNull();
});

it('start stops with one line when a step fails (prepare-catalog, a real process), and nothing changes', async () => {
  // Something of the operator's own already holds the step's name.
  const db = new Database(file);
  db.exec('CREATE TABLE idx_sources_run (note TEXT)');
  db.close();
  const bytes = fs.readFileSync(file);
  const env = { ...process.env, DATABASE_PATH: file, DATABASE_URL: '', API_ORIGIN: '' };
  const out = await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', 'scripts/prepare-catalog.ts'], { cwd: root, env }).then(
    () => null,
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  expect(out?.code).toBe(1);
  expect(out?.stdout).toBe('');
  expect(out?.stderr).toMatch(new RegExp(`^prepare-catalog: ${file}: migration 6 \\(index of each feed's rows by run\\) failed: .*idx_sources_run.*; it was rolled back, the catalogue is still schema 5\\.\\n$`));
  expect(fs.readFileSync(file).equals(bytes)).toBe(true);
}, 60_000);

it('several processes opening it at once apply each step once, and all see the newest schema', async () => {
  const shape = shapeOf(file);
  const before = everyRow(file, shape);
  const child = path.join(__dirname, 'helpers/migrate-child.ts');
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const outs = await Promise.all(
    [0, 1, 2].map(() => run(process.execPath, [tsx, '--conditions=react-server', '--tsconfig', path.join(root, 'tsconfig.json'), child, file], { cwd: root })),
  );
  const results = outs.map((o) => JSON.parse(o.stdout) as { lines: string[]; seeded: boolean; version: number });
  expect(results.flatMap((r) => r.lines)).toHaveLength(SCHEMA_VERSION - 5);
  expect(results.map((r) => [r.seeded, r.version])).toEqual([0, 1, 2].map(() => [false, SCHEMA_VERSION]));
  expect(everyRow(file, shape)).toEqual(before);
}, 60_000);

it('refuses a catalogue newer than the code knows, in one line, changing nothing', () => {
  const db = new Database(file);
  db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const bytes = fs.readFileSync(file);
  const error = openError();
  expect(error).toBeInstanceOf(CatalogTooNewError);
  expect(error?.message).toMatch(new RegExp(`^${file} is catalogue schema ${SCHEMA_VERSION + 1}, newer than the schema ${SCHEMA_VERSION} this version of tubefront knows; a catalogue is never downgraded`));
  expect(error?.message).not.toContain('\n');
  expect(fs.readFileSync(file).equals(bytes)).toBe(true);
});

it('migrates a schema-5 file from before the import tables, adding them first', () => {
  const db = new Database(file);
  db.exec('DROP TABLE video_sources; DROP TABLE takedowns;');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  expect(openError()).toBeNull();
  expect(schemaOf(file).objects.filter((o) => o.includes('idx_sources_run') || o.includes('"takedowns"'))).toHaveLength(3);
});
