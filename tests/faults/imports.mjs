/**
 * `npm run import` as an operator runs it (scripts/import.ts through tsx, in a process group of
 * its own so that a SIGKILL reaches tsx's child too), with its exit, output and the time it took.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from '../support/system/harness.mjs';

const TSX = path.join(root, 'node_modules/tsx/dist/cli.mjs');

/** @typedef {{ code: number | null; signal: string | null; out: string; err: string; ms: number }} ImportExit */
/** @typedef {{ pid: number; done: Promise<ImportExit>; kill(): void; exited(): boolean }} RunningImport */

/**
 * Starts an import of `feed` under `source` into the catalogue `env` names.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} feed
 * @param {string} source
 * @returns {RunningImport}
 */
export function startImport(env, feed, source) {
  const started = performance.now();
  const child = spawn(process.execPath, [TSX, '--conditions=react-server', 'scripts/import.ts', feed, '--source', source], {
    cwd: root,
    env: { ...env, EMBED_HOSTS: 'example.com' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let over = false;
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  /** @type {Promise<ImportExit>} */
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      over = true;
      resolve({ code, signal, out, err, ms: performance.now() - started });
    });
  });
  return {
    pid: /** @type {number} */ (child.pid),
    done,
    exited: () => over,
    kill() {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Runs an import to its end.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} feed
 * @param {string} source
 */
export function runImport(env, feed, source) {
  return startImport(env, feed, source).done;
}

/**
 * Waits until `ready()` (polled every 20 ms) holds, then SIGKILLs the import; resolves to whether
 * it was killed (false: it ended first) and what `ready()` last saw.
 * @template T
 * @param {RunningImport} run
 * @param {() => Promise<T | null> | T | null} ready something truthy once it is time
 * @returns {Promise<{ killed: boolean; seen: T | null }>}
 */
export async function killWhen(run, ready) {
  for (;;) {
    if (run.exited()) return { killed: false, seen: null };
    const seen = await ready();
    if (seen) {
      run.kill();
      const exit = await run.done;
      return { killed: exit.signal === 'SIGKILL', seen };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
