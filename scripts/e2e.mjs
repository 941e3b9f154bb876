#!/usr/bin/env node
/**
 * npm run test:e2e: builds when needed, starts `next start` on a free port against a freshly
 * seeded embedded catalogue, waits until it answers, runs the API contract test (Jest, over real
 * HTTP) and `playwright test` (extra arguments are passed on), stops the server and exits non-zero
 * if either failed.
 *
 * Environment: E2E_SKIP_BUILD=1 never builds; E2E_REBUILD=1 always builds; BASE_URL set means a
 * server is already running (nothing is built or started, no contract test); DATABASE_PATH chooses
 * the catalogue (default data/e2e.db, re-created on every run so votes and views start clean).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, cmdArgs, env = process.env) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

function newestMtime(dir) {
  let newest = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
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

/** A build is needed when there is none, or when a source file is newer than it. */
function needsBuild() {
  if (process.env.E2E_REBUILD === '1') return true;
  if (process.env.E2E_SKIP_BUILD === '1') return false;
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const sources = ['app', 'components', 'lib', 'locales', 'public', 'proxy.ts', 'next.config.ts', 'package.json'];
  return sources.some((s) => {
    const p = path.join(root, s);
    if (!fs.existsSync(p)) return false;
    return (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) > built;
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, server, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs / 1000} s`);
}

async function main() {
  if (process.env.BASE_URL) return run(npx, ['playwright', 'test', ...args]);

  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_PATH: process.env.DATABASE_PATH || 'data/e2e.db' };
  delete env.NEXT_DIST_DIR; // the default .next
  delete env.API_ORIGIN; // the tests run on the embedded catalogue
  // A fresh catalogue every run: the tests vote and watch, and a vote counts once per visitor.
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.resolve(root, env.DATABASE_PATH + suffix), { force: true });
  if (needsBuild()) {
    console.log('e2e: building (npm run build)…');
    const code = run(npm, ['run', 'build'], env);
    if (code !== 0) return code;
  } else {
    const code = run(npx, ['tsx', '--conditions=react-server', 'scripts/prepare-catalog.ts'], env);
    if (code !== 0) return code;
  }

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  console.log(`e2e: starting next start on ${baseUrl}`);
  const server = spawn(npx, ['next', 'start', '-p', String(port)], {
    cwd: root,
    env: { ...env, PORT: String(port), SITE_URL: env.SITE_URL || baseUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: process.platform !== 'win32',
  });
  const stop = () => {
    if (server.exitCode !== null) return;
    try {
      if (process.platform !== 'win32') process.kill(-server.pid, 'SIGTERM');
      else server.kill('SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('SIGINT', () => (stop(), process.exit(130)));
  process.on('SIGTERM', () => (stop(), process.exit(143)));
  try {
    await waitFor(`${baseUrl}/information/`, server);
    console.log('e2e: API contract test');
    const contract = run(npx, ['jest', '-c', 'jest.contract.config.mjs'], { ...env, CONTRACT_BASE_URL: baseUrl });
    const browser = run(npx, ['playwright', 'test', ...args], { ...env, BASE_URL: baseUrl });
    return contract || browser;
  } finally {
    stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`e2e: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
