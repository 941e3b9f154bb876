/**
 * First start on an empty PostgreSQL database: several processes starting at once (as several
 * servers, or a server and a catalogue tool, do) create and seed the catalogue once, under the
 * advisory lock, and all of them then read that one catalogue. Real child processes, each with
 * its own connections.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type PgDatabase, createDatabase } from './helpers/pg-fixture';

const run = promisify(execFile);
const root = path.join(__dirname, '../..');

let db: PgDatabase;
beforeAll(async () => {
  db = await createDatabase();
});
afterAll(async () => {
  await db?.drop();
});

it('several processes starting at once seed an empty database once, and all read it', async () => {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const child = path.join(__dirname, 'helpers/ensure-child.ts');
  const outs = await Promise.all(
    [0, 1, 2].map(() => run(tsx, ['--conditions=react-server', '--tsconfig', path.join(root, 'tsconfig.json'), child, db.url, '400'], { cwd: root })),
  );
  const results = outs.map((o) => JSON.parse(o.stdout) as { built: boolean; buildId: string; videos: number });
  expect(results.filter((r) => r.built)).toHaveLength(1);
  expect(new Set(results.map((r) => r.buildId)).size).toBe(1);
  expect(results.map((r) => r.videos)).toEqual([400, 400, 400]);
  // A later start finds it and builds nothing.
  const again = JSON.parse((await run(tsx, ['--conditions=react-server', child, db.url, '400'], { cwd: root })).stdout) as { built: boolean };
  expect(again.built).toBe(false);
});
