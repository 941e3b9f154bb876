/**
 * What an operator does to the throwaway PostgreSQL of tests/support/system/postgres.mjs, without
 * blocking this process (its visitors go on asking meanwhile): `pg_ctl restart -m fast|immediate`,
 * and a stop followed later by a start with the options the server ran with (pg_ctl keeps them in
 * postmaster.opts; a plain `pg_ctl start` would not listen where the site connects).
 */
import fs from 'node:fs';
import path from 'node:path';
import { runAsync } from '../support/system/harness.mjs';
import { pgCommand } from '../support/system/postgres.mjs';

/** @typedef {import('../support/system/postgres.mjs').PostgresServer} PostgresServer */

/**
 * Runs pg_ctl with `args` on the server's data folder; throws when it fails.
 * @param {PostgresServer} server
 * @param {string[]} args
 */
async function pgCtl(server, args) {
  if (!server.dir) throw new Error('the faults suite restarts its own PostgreSQL: TEST_DATABASE_URL cannot be used');
  const [cmd, argv] = pgCommand('pg_ctl', [...args, '-D', path.join(server.dir, 'data'), '-w', '-t', '60']);
  const code = await runAsync(cmd, argv);
  if (code !== 0) throw new Error(`pg_ctl ${args.join(' ')} exited ${code}`);
}

/**
 * `pg_ctl restart` in `mode`; resolves once the server accepts connections again.
 * @param {PostgresServer} server
 * @param {'fast' | 'immediate'} mode
 */
export function restartPostgres(server, mode) {
  return pgCtl(server, ['restart', '-m', mode, '-l', path.join(/** @type {string} */ (server.dir), 'server.log')]);
}

/**
 * Stops the server (fast); resolves to what starts it again as it was.
 * @param {PostgresServer} server
 * @returns {Promise<() => Promise<void>>}
 */
export async function stopPostgres(server) {
  const dataDir = path.join(/** @type {string} */ (server.dir), 'data');
  const opts = fs.readFileSync(path.join(dataDir, 'postmaster.opts'), 'utf8');
  // "<postgres binary>" "-D" "<folder>" "-c" "name=value" ...: the options after the folder.
  const args = [...opts.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => /** @type {string} */ (m[1]));
  const options = args.slice(args.indexOf(dataDir) + 1).join(' ');
  await pgCtl(server, ['stop', '-m', 'fast']);
  return () => pgCtl(server, ['start', '-l', path.join(/** @type {string} */ (server.dir), 'server.log'), '-o', options]);
}
