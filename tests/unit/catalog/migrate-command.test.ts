/**
 * npm run catalog -- migrate [--check], as an operator runs it before a deploy: real processes on
 * the schema-5 catalogue today's code wrote (tests/fixtures/catalogues).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SCHEMA_VERSION } from '@/lib/catalog/sqlite/schema';
import { everyRow, schema5Catalogue, schemaOf, shapeOf } from './helpers/old-catalogue';

const run = promisify(execFile);
const root = path.join(__dirname, '../../..');

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-migrate-cmd-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The command's exit code and output. */
async function catalog(file: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_PATH: file, DATABASE_URL: '', API_ORIGIN: '' };
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  return run(process.execPath, [tsx, '--conditions=react-server', 'scripts/catalog.ts', ...args], { cwd: root, env }).then(
    (o) => ({ code: 0, stdout: o.stdout, stderr: o.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

it('--check says what is pending and changes nothing; migrate applies it; --check then finds nothing', async () => {
  const file = schema5Catalogue(dir);
  const bytes = fs.readFileSync(file);
  const shape = shapeOf(file);
  const rows = everyRow(file, shape);

  const check = await catalog(file, 'migrate', '--check');
  expect(check).toEqual({
    code: 1,
    stdout: `catalog: ${file} is catalogue schema 5; this version writes schema ${SCHEMA_VERSION}. Pending:\ncatalog:   migration 6 (index of each feed's rows by run)\ncatalog:   migration 7 (models, channels, tags and orientation)\n`,
    stderr: '',
  });
  expect(fs.readFileSync(file).equals(bytes)).toBe(true);

  const migrate = await catalog(file, 'migrate');
  expect(migrate.code).toBe(0);
  expect(migrate.stdout).toMatch(new RegExp(`^catalogue: migration 6 \\(index of each feed's rows by run\\) applied in \\d+ ms\\ncatalogue: migration 7 \\(models, channels, tags and orientation\\) applied in \\d+ ms\\ncatalog: ${file} is at schema ${SCHEMA_VERSION}\\.\\n$`));
  expect(schemaOf(file).version).toBe(SCHEMA_VERSION);
  expect(everyRow(file, shape)).toEqual(rows);

  expect(await catalog(file, 'migrate', '--check')).toEqual({ code: 0, stdout: `catalog: ${file} is catalogue schema ${SCHEMA_VERSION}, the newest this version knows: nothing to migrate.\n`, stderr: '' });
}, 60_000);

it('creates nothing where there is no catalogue, and answers a usage error with exit code 2', async () => {
  const file = path.join(dir, 'none.db');
  expect((await catalog(file, 'migrate')).stdout).toMatch(/no catalogue yet; the first start creates one/);
  expect(fs.existsSync(file)).toBe(false);
  expect(await catalog(file, 'migrate', 'now')).toMatchObject({ code: 2, stdout: '' });
  expect(await catalog(file, 'remove', '--check')).toMatchObject({ code: 2, stdout: '' });
}, 60_000);
