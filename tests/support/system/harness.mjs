/**
 * Shared pieces of the test and bench runners: one build shared by every suite, free ports,
 * servers started in their own process group and always stopped, and waiting until a URL answers.
 * Every suite that needs a running site (e2e, hardening, compat, scale, soak, bench) builds on this
 * instead of starting servers its own way.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { packageBuildKey, tsconfigBuildKey } from '../../../scripts/lib/build-keys.mjs';

export { packageBuildKey, tsconfigBuildKey };

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
export const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * A process started by startProcess: `stop()` ends its whole process group.
 * @typedef {{ child: import('node:child_process').ChildProcess; stop(): void }} ProcessHandle
 */
/**
 * The site's server started by startNext or startStandalone, with the port it listens on.
 * @typedef {ProcessHandle & { baseUrl: string; port: number }} SiteServer
 */

/**
 * Runs a command in the foreground, inheriting stdio; returns its exit code.
 * @param {string} cmd
 * @param {readonly string[]} cmdArgs
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {number}
 */
export function run(cmd, cmdArgs, env = process.env) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

/**
 * Like run(), but leaves this process's event loop free meanwhile (a server it runs must go on
 * answering, or its output go on being read); resolves to the exit code (1 when it could not start
 * or a signal ended it).
 * @param {string} cmd
 * @param {readonly string[]} cmdArgs
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<number>}
 */
export function runAsync(cmd, cmdArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/**
 * Runs an npm script (a catalogue tool: import, catalog remove, …) without blocking this process,
 * which may be serving what the script fetches; prints the command, the `showEnv` variables it was
 * given, and its output (npm's own warnings left out). Resolves to its exit code and output.
 * @param {NodeJS.ProcessEnv} env
 * @param {readonly string[]} args
 * @param {{ showEnv?: readonly string[] }} [options]
 * @returns {Promise<{ code: number | null; out: string }>} `code` is null when a signal ended it
 */
export function runNpmScript(env, args, { showEnv = [] } = {}) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', ...args], { cwd: root, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      out = out.replace(/^npm warn.*\n/gm, '');
      const vars = showEnv.filter((k) => env[k] !== undefined).map((k) => `${k}=${env[k]} `).join('');
      console.log(`$ ${vars}npm run ${args.join(' ')}\n${out.trim().replace(/^/gm, '  ')}`);
      resolve({ code, out });
    });
  });
}

/** @param {string} dir */
function newestMtime(dir) {
  let newest = 0;
  const stack = [dir];
  while (stack.length) {
    const d = /** @type {string} */ (stack.pop());
    /** @type {fs.Dirent[]} */
    let entries = [];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  }
  return newest;
}

const SOURCES = ['app', 'components', 'lib', 'locales', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.ts', 'package.json', 'tsconfig.json'];
/** Written into a build's folder by buildOrPrepare after it built: what its config files said then. */
const KEYS_STAMP = 'harness-build-keys.json';
/** The sources whose content, not their time, decides when it was recorded for the build. */
const BUILD_KEYS = /** @type {const} */ ({ 'tsconfig.json': tsconfigBuildKey, 'package.json': packageBuildKey });

/**
 * The sources (of SOURCES) that changed since a build finished at `built` (ms): those with a file
 * newer than it (`newest`: each source's newest modification time), except a file of BUILD_KEYS
 * whose build key is the one recorded for that very build (`keys[file].atBuild`; null when none
 * was recorded: then its time decides, as for the others).
 * @param {{ built: number; newest: Readonly<Record<string, number>>; keys?: Readonly<Record<string, { now: string; atBuild: string | null }>> }} facts
 * @returns {string[]}
 */
export function changedSinceBuild({ built, newest, keys = {} }) {
  return Object.entries(newest)
    .filter(([source, mtime]) => {
      if (!(mtime > built)) return false;
      const keyOf = Object.hasOwn(BUILD_KEYS, source) ? BUILD_KEYS[/** @type {keyof typeof BUILD_KEYS} */ (source)] : undefined;
      const known = keys[source];
      if (!keyOf || !known || known.atBuild === null) return true;
      return keyOf(known.now) !== known.atBuild;
    })
    .map(([source]) => source);
}

/**
 * The build keys recorded for the build in `distDir` (file: key), or null: none recorded, or
 * recorded for another build (a `next build` run by hand since has another BUILD_ID).
 * @param {string} distDir
 * @returns {Record<string, string> | null}
 */
function keysAtBuild(distDir) {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(root, distDir, KEYS_STAMP), 'utf8'));
    const buildId = fs.readFileSync(path.join(root, distDir, 'BUILD_ID'), 'utf8');
    return stamp?.buildId === buildId && stamp.keys && typeof stamp.keys === 'object' ? stamp.keys : null;
  } catch {
    return null;
  }
}

/**
 * A build is needed when there is none, or when a source changed since (changedSinceBuild);
 * returns what makes it needed, or null. `distDir` is the build's folder: `.next`, shared by every
 * suite, unless a runner sets NEXT_DIST_DIR in the environment it passes on.
 * @param {string} [distDir]
 * @returns {string | null}
 */
function buildReason(distDir = '.next') {
  if (process.env.E2E_REBUILD === '1') return 'E2E_REBUILD=1';
  if (process.env.E2E_SKIP_BUILD === '1') return null;
  const buildId = path.join(root, distDir, 'BUILD_ID');
  if (!fs.existsSync(buildId)) return `${distDir} holds no build`;
  /** @type {Record<string, number>} */
  const newest = {};
  for (const s of SOURCES) {
    const p = path.join(root, s);
    if (fs.existsSync(p)) newest[s] = fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs;
  }
  const recorded = keysAtBuild(distDir);
  /** @type {Record<string, { now: string; atBuild: string | null }>} */
  const keys = {};
  for (const file of Object.keys(BUILD_KEYS)) {
    const p = path.join(root, file);
    const atBuild = recorded?.[file];
    if (fs.existsSync(p)) keys[file] = { now: fs.readFileSync(p, 'utf8'), atBuild: typeof atBuild === 'string' ? atBuild : null };
  }
  const changed = changedSinceBuild({ built: fs.statSync(buildId).mtimeMs, newest, keys });
  return changed.length ? `changed since the build in ${distDir}: ${changed.join(', ')}` : null;
}

/**
 * True when `distDir` (default `.next`) needs a build: see buildReason.
 * @param {string} [distDir]
 */
export function needsBuild(distDir = '.next') {
  return buildReason(distDir) !== null;
}

/**
 * Records, next to the build just made in `distDir`, what its config files said (their build
 * keys), so that a later edit of them that a build would not see does not count as a change
 * (buildReason).
 * @param {string} distDir
 */
function recordBuildKeys(distDir) {
  try {
    const buildId = fs.readFileSync(path.join(root, distDir, 'BUILD_ID'), 'utf8');
    /** @type {Record<string, string>} */
    const keys = {};
    for (const [file, keyOf] of Object.entries(BUILD_KEYS)) {
      const p = path.join(root, file);
      if (fs.existsSync(p)) keys[file] = keyOf(fs.readFileSync(p, 'utf8'));
    }
    fs.writeFileSync(path.join(root, distDir, KEYS_STAMP), JSON.stringify({ buildId, keys }));
  } catch {
    // Nothing recorded: the files' times decide next time, as for the other sources.
  }
}

/**
 * The environment of a test server on the embedded catalogue at `databasePath`, re-created from
 * scratch (suites vote and watch, and a vote counts once per visitor). Its build folder is the
 * default `.next` unless `extra` names another (NEXT_DIST_DIR); so is API_ORIGIN unset unless
 * `extra` sets it: the caller's process environment does not choose either.
 * @param {string} databasePath
 * @param {Record<string, string | undefined>} [extra] set over the rest
 * @returns {NodeJS.ProcessEnv}
 */
export function freshCatalogEnv(databasePath, extra = {}) {
  // Every test request comes from one address (loopback): the per-visitor limit on statistics
  // posts would answer the suites' own views and votes with 429. The trust suite tests the limit.
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_PATH: databasePath, INPUT_RATE_PER_MINUTE: '100000', ...extra };
  // The build folder is the caller's to choose (`extra`); one left in the shell does not count.
  if (!extra.NEXT_DIST_DIR) delete env.NEXT_DIST_DIR;
  if (!('API_ORIGIN' in extra)) delete env.API_ORIGIN;
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.resolve(root, databasePath + suffix), { force: true });
  return env;
}

/**
 * True when the build's Content-Security-Policy (a static header made from the build's environment,
 * recorded by next.config.ts) is not the one `env` asks for: a suite with its own EMBED_HOSTS or
 * IMG_HOSTS would see its players and thumbnails blocked.
 * @param {NodeJS.ProcessEnv} env
 */
function cspDiffers(env) {
  if (process.env.E2E_SKIP_BUILD === '1') return false;
  let recorded = '';
  try {
    const files = JSON.parse(fs.readFileSync(path.join(root, env.NEXT_DIST_DIR || '.next', 'required-server-files.json'), 'utf8'));
    recorded = String(files?.config?.env?.TUBEFRONT_BUILD_CSP ?? '');
  } catch {
    return true;
  }
  const wanted = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/print-csp.ts'], { cwd: root, env, encoding: 'utf8' });
  return wanted.status !== 0 || wanted.stdout !== recorded;
}

/**
 * Builds when needed (one build shared by every suite), else prepares the catalogue.
 * @param {NodeJS.ProcessEnv} env
 * @returns {number} an exit code
 */
export function buildOrPrepare(env) {
  const distDir = env.NEXT_DIST_DIR || '.next';
  const reason = buildReason(distDir) ?? (cspDiffers(env) ? `the Content-Security-Policy of the build in ${distDir} is not the one asked for` : null);
  if (reason) {
    console.log(`harness: building (npm run build): ${reason}`);
    const code = run(npm, ['run', 'build'], env);
    if (code === 0) recordBuildKeys(distDir);
    return code;
  }
  // A build made before this record existed (or by hand) is current, its config files included
  // (their times are not past the build's): record them now, so that an edit a build would not
  // see is not a change next time either.
  if (process.env.E2E_SKIP_BUILD !== '1' && keysAtBuild(distDir) === null) recordBuildKeys(distDir);
  if (env.API_ORIGIN) return 0;
  return run(npx, ['tsx', '--conditions=react-server', 'scripts/prepare-catalog.ts'], env);
}

/** Ports freePort handed out in this process, and those of them a server was started on. */
/** @type {Set<number>} */
const handedOut = new Set();
/** @type {Set<number>} */
const startedOn = new Set();

/**
 * A port that was free a moment ago, never one handed out before in this process. Between its
 * release here and a server's bind another process may take it: startNext and startStandalone
 * then start again on another one (see startNext); other servers report the clash as the error it is.
 * @returns {Promise<number>}
 */
export async function freePort() {
  for (;;) {
    /** @type {number} */
    const port = await new Promise((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = /** @type {net.AddressInfo} */ (srv.address());
        srv.close(() => resolve(port));
      });
    });
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** @type {Set<ProcessHandle>} */
const running = new Set();
function stopAll() {
  for (const p of running) p.stop();
}
process.on('exit', stopAll);
for (const [sig, code] of /** @type {const} */ ([['SIGINT', 130], ['SIGTERM', 143]])) {
  process.on(sig, () => {
    stopAll();
    process.exit(code);
  });
}

/**
 * Starts a long-running process in its own process group; `stop()` ends the whole group. Every
 * process started here is also stopped when the runner exits, whatever the outcome.
 * @param {string} cmd
 * @param {readonly string[]} cmdArgs
 * @param {{ env?: NodeJS.ProcessEnv; cwd?: string; stdio?: import('node:child_process').StdioOptions }} [options]
 * @returns {ProcessHandle}
 */
export function startProcess(cmd, cmdArgs, { env = process.env, cwd = root, stdio = ['ignore', 'inherit', 'inherit'] } = {}) {
  const child = spawn(cmd, cmdArgs, { cwd, env, stdio, detached: process.platform !== 'win32' });
  /** @type {ProcessHandle} */
  const handle = {
    child,
    stop() {
      running.delete(handle);
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        if (process.platform !== 'win32') process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // already gone
      }
    },
  };
  running.add(handle);
  return handle;
}

/**
 * The public origin the current build was made with (SITE_URL is a build-time setting).
 * @param {string} [distDir]
 */
export function builtSiteUrl(distDir = '.next') {
  try {
    const files = JSON.parse(fs.readFileSync(path.join(root, distDir, 'required-server-files.json'), 'utf8'));
    return String(files?.config?.env?.TUBEFRONT_BUILD_SITE_URL ?? '');
  } catch {
    return '';
  }
}

/**
 * The site's server (server.mjs, as `npm start` runs it: Next's handler behind a server that
 * records the socket's address) on `port` with `env`; resolves once `probePath` answers below
 * 500. The pages carry the build's SITE_URL whatever the port (see next.config.ts), so tests read
 * links from the pages rather than assuming they name the test server. `onOutput(text)` is given
 * what the server prints, besides the console.
 *
 * The answer counts only once this server has said it listens (LISTEN_REPORT): another process
 * that took the port in the meantime is never mistaken for it. When that happens to a
 * port from freePort on its first start, the server starts again on another free port, and the
 * handle's `port` and `baseUrl` say which (callers use them); a restart on a port used before is
 * not moved, since others were told that port.
 * @param {number} port
 * @param {NodeJS.ProcessEnv} env
 * @param {{ probePath?: string; onOutput?: (text: string) => void }} [options]
 * @returns {Promise<SiteServer>}
 */
export function startNext(port, env, { probePath = '/information/', onOutput } = {}) {
  return startMovable(port, (p) => {
    const baseUrl = `http://localhost:${p}`;
    return startSiteServer(path.join(root, 'server.mjs'), baseUrl, p, probePath, onOutput, {
      cwd: root,
      env: { ...env, PORT: String(p), SITE_URL: builtSiteUrl(env.NEXT_DIST_DIR || '.next') || env.SITE_URL || baseUrl },
    });
  });
}

/**
 * A standalone build's server (`node <dir>/server.mjs`, written by scripts/build-standalone.mjs),
 * run from `dir` (<distDir>/standalone, or a copy of it elsewhere) on 127.0.0.1:`port`; resolves
 * once `probePath` answers below 500. The server runs from its folder: give DATABASE_PATH absolute.
 * Its server.mjs runs a copy of the repository's, so it reports that it listens as startNext's
 * does, and a port from freePort taken before it could bind moves it the same way (see there).
 * @param {string} dir
 * @param {number} port
 * @param {NodeJS.ProcessEnv} env
 * @param {{ probePath?: string }} [options]
 * @returns {Promise<SiteServer>}
 */
export function startStandalone(dir, port, env, { probePath = '/api/health/' } = {}) {
  return startMovable(port, (p) =>
    startSiteServer(path.join(dir, 'server.mjs'), `http://127.0.0.1:${p}`, p, probePath, undefined, {
      cwd: dir,
      env: { ...env, PORT: String(p), HOSTNAME: '127.0.0.1' },
    }),
  );
}

/**
 * Starts a server with `start(port)`, and when it finds `port` taken (PortTaken) and the port
 * came from freePort and was never started on before, again on another free port.
 * @param {number} port
 * @param {(port: number) => Promise<SiteServer>} start
 * @returns {Promise<SiteServer>}
 */
async function startMovable(port, start) {
  for (let attempt = 1; ; attempt++) {
    const movable = handedOut.has(port) && !startedOn.has(port);
    startedOn.add(port);
    try {
      return await start(port);
    } catch (err) {
      if (!(err instanceof PortTaken) || !movable || attempt >= 5) throw err;
      console.log(`harness: port ${port} was taken before the server could bind it; starting on another`);
      port = await freePort();
    }
  }
}

class PortTaken extends Error {}

/**
 * Loaded into the site's server before server.mjs: tells the harness, over the IPC channel, that a
 * server of that process listens on a port or could not (EADDRINUSE), so that only the server
 * started here, not whoever else took the port, counts as started.
 */
const LISTEN_REPORT = `import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const failed = (e) => process.connected && process.send({ listenError: e.code, port: e.port });
  this.once('error', failed);
  this.once('listening', () => {
    this.off('error', failed);
    if (process.connected) process.send({ listening: this.address()?.port });
  });
  return listen.apply(this, args);
};`;

/**
 * One attempt of startMovable: `node <script>` (the repository's server.mjs or a standalone
 * build's) with LISTEN_REPORT on `port`, resolved once it says it listens there and `probePath`
 * answers below 500; throws PortTaken when another process has the port.
 * @param {string} script
 * @param {string} baseUrl where the server answers
 * @param {number} port
 * @param {string} probePath
 * @param {((text: string) => void) | undefined} onOutput
 * @param {{ cwd: string; env: NodeJS.ProcessEnv }} options
 * @returns {Promise<SiteServer>}
 */
async function startSiteServer(script, baseUrl, port, probePath, onOutput, { cwd, env }) {
  const handle = startProcess(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(LISTEN_REPORT)}`, script], {
    cwd,
    env,
    stdio: onOutput ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // `onOutput` also sees what the server prints (its start-up warnings); it still reaches the console.
  if (onOutput) {
    // Piped (stdio above): never null here.
    handle.child.stdout?.on('data', (/** @type {Buffer} */ d) => (process.stdout.write(d), onOutput(String(d))));
    handle.child.stderr?.on('data', (/** @type {Buffer} */ d) => (process.stderr.write(d), onOutput(String(d))));
  }
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {string} */
  const outcome = await new Promise((resolve) => {
    timer = setTimeout(() => resolve('it did not listen within 120 s'), 120_000);
    handle.child.on('message', (message) => {
      // What LISTEN_REPORT sends (any other message matches none of these).
      const m = /** @type {{ listening?: number; listenError?: string; port?: number } | null} */ (message);
      if (m?.listening === port) resolve('listening');
      else if (m?.listenError === 'EADDRINUSE' && (m.port === undefined || m.port === port)) resolve('taken');
      else if (m?.listenError) resolve(`it could not listen: ${m.listenError}`);
    });
    handle.child.once('exit', (code) => resolve(`it exited with code ${code}`));
  }).finally(() => {
    clearTimeout(timer);
    if (handle.child.connected) handle.child.disconnect();
  });
  if (outcome !== 'listening') {
    handle.stop();
    if (outcome === 'taken') throw new PortTaken(`port ${port} is taken`);
    throw new Error(`the server for ${baseUrl} did not start: ${outcome}`);
  }
  await waitFor(`${baseUrl}${probePath}`, handle.child);
  return { ...handle, baseUrl, port };
}

/**
 * Resolves once `url` answers below 500; throws when `child` exits first or after `timeoutMs`.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess | null} [child] the process that should answer
 * @param {number} [timeoutMs]
 * @returns {Promise<void>}
 */
export async function waitFor(url, child, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the process for ${url} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`nothing answered at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Runs `main` (returning an exit code) and exits with it; an exception prints one line and exits 1.
 * @param {string} name
 * @param {() => Promise<number>} main
 */
export function runMain(name, main) {
  main().then(
    (code) => {
      stopAll();
      process.exit(code);
    },
    (err) => {
      console.error(`${name}: ${err instanceof Error ? err.stack || err.message : err}`);
      stopAll();
      process.exit(1);
    },
  );
}
