/**
 * A throwaway PostgreSQL server for tests and benchmarks: Debian's PostgreSQL 15 binaries
 * (package postgresql-15), a fresh data folder in a temporary directory, 127.0.0.1 on a free port,
 * unix sockets inside that directory, no fsync. Run as root, the server runs as the `postgres`
 * user (PostgreSQL refuses to run as root) through runuser.
 *
 *   const pg = await startPostgres();   // { url, stop() }
 *   ...
 *   await pg.stop();                    // always: also registered for exit and signals
 *
 * When TEST_DATABASE_URL is set, that server is used instead and stop() does nothing.
 * PG_BIN overrides the folder of initdb/pg_ctl (default: the newest /usr/lib/postgresql/<major>/bin).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** PG_BIN, else the newest Debian PostgreSQL installed (/usr/lib/postgresql/<major>/bin; 15 on bookworm). */
function findPgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  /** @type {string[]} */
  let majors = [];
  try {
    majors = fs.readdirSync('/usr/lib/postgresql').filter((d) => /^\d+$/.test(d) && fs.existsSync(`/usr/lib/postgresql/${d}/bin/initdb`));
  } catch {
    // none installed: reported by startPostgres
  }
  majors.sort((a, b) => Number(b) - Number(a));
  return `/usr/lib/postgresql/${majors[0] ?? '15'}/bin`;
}

const PG_BIN = findPgBin();

/**
 * A free TCP port on 127.0.0.1 (never 5432: the OS hands out ephemeral ports).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Runs a PostgreSQL binary, as the postgres user when we are root.
 * @param {string} bin
 * @param {string[]} args
 * @param {import('node:child_process').ExecFileSyncOptions} [options]
 */
function pgRun(bin, args, options = {}) {
  const [cmd, argv] = pgCommand(bin, args);
  return execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

/**
 * The command and arguments that run a PostgreSQL binary as pgRun does (for callers that run it
 * without blocking: tests/faults restarts the server while its visitors go on asking).
 * @param {string} bin
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export function pgCommand(bin, args) {
  const exe = path.join(PG_BIN, bin);
  return isRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
}

/** @typedef {{ dir: string; dataDir: string; port: number }} Started */

/** @type {Set<Started>} */
const running = new Set();

/** @param {Started} server */
function stopSync(server) {
  if (!running.has(server)) return;
  running.delete(server);
  const exe = path.join(PG_BIN, 'pg_ctl');
  const args = ['stop', '-D', server.dataDir, '-m', 'immediate', '-w', '-t', '30'];
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  spawnSync(cmd, argv, { stdio: 'ignore' });
  fs.rmSync(server.dir, { recursive: true, force: true });
}

let hooked = false;
function hookExit() {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const s of [...running]) stopSync(s);
  });
  for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.once(sig, () => {
      for (const s of [...running]) stopSync(s);
      process.exit(128 + (os.constants.signals[sig] ?? 1));
    });
  }
}

/**
 * @typedef {object} PostgresServer
 * @property {string} url
 * @property {boolean} external whether it is TEST_DATABASE_URL's server (then stop() does nothing)
 * @property {string} [dir]
 * @property {number} [port]
 * @property {() => Promise<void>} stop
 */

/**
 * Starts a fresh server (or uses TEST_DATABASE_URL). Resolves to { url, dir, port, stop }; stop()
 * is idempotent and also runs on process exit and on SIGINT/SIGTERM.
 * @param {{ database?: string; log?: boolean }} [options]
 * @returns {Promise<PostgresServer>}
 */
export async function startPostgres({ database = 'tubefront', log = false } = {}) {
  if (process.env.TEST_DATABASE_URL) {
    return { url: process.env.TEST_DATABASE_URL, external: true, stop: async () => {} };
  }
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(`PostgreSQL binaries not found in ${PG_BIN} (apt-get install postgresql, or set TEST_DATABASE_URL)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-pg-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  if (isRoot) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    fs.chmodSync(dataDir, 0o700);
  }
  const port = await freePort();
  const server = { dir, dataDir, port };
  running.add(server);
  hookExit();
  try {
    pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    const opts = [
      `-c listen_addresses=127.0.0.1`,
      `-c port=${port}`,
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c shared_buffers=256MB',
      '-c max_wal_size=4GB',
      '-c maintenance_work_mem=512MB',
      '-c max_connections=50',
    ].join(' ');
    pgRun('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', opts]);
    if (database !== 'postgres') {
      pgRun('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-q', '-c', `CREATE DATABASE ${database}`]);
    }
  } catch (err) {
    const e = /** @type {Error & { stderr?: Buffer }} */ (err);
    const logText = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8') : '';
    stopSync(server);
    throw new Error(`could not start PostgreSQL: ${e.stderr?.toString() || e.message}\n${logText}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  if (log) console.log(`postgres: throwaway server at ${url} (data in ${dataDir})`);
  return { url, dir, port, external: false, stop: async () => stopSync(server) };
}

/**
 * The benchmarks' server: DATABASE_URL's, or a throwaway one started here (said on a line). Resolves
 * to { url, stop, throwaway }; stop() stops only a server started here.
 * @returns {Promise<{ url: string; stop: () => Promise<void>; throwaway: boolean }>}
 */
export async function databaseUrlOrThrowaway() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {}, throwaway: false };
  const server = await startPostgres();
  console.log(`No DATABASE_URL: a throwaway PostgreSQL at ${server.url}`);
  return { url: server.url, stop: server.stop, throwaway: true };
}
