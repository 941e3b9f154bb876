import 'server-only';
import fs from 'node:fs';
import os from 'node:os';

/**
 * A cross-process lock held by exclusively creating a file. `next build` renders pages in
 * several worker processes that may all find the catalogue missing at once; only the lock
 * holder builds it. Synchronous on purpose: better-sqlite3 is synchronous and the callers
 * are module-level getters.
 */

const sleepCell = new Int32Array(new SharedArrayBuffer(4));

export function sleepSync(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock left by a crashed process (same host, dead pid) or older than maxAgeMs. */
function isStale(lockPath: string, maxAgeMs: number): boolean {
  try {
    const [pidText, host] = fs.readFileSync(lockPath, 'utf8').split('\n');
    const pid = Number(pidText);
    if (host === os.hostname() && Number.isInteger(pid) && pid > 0 && !processAlive(pid)) return true;
    return Date.now() - fs.statSync(lockPath).mtimeMs > maxAgeMs;
  } catch {
    // Vanished or half-written: let the next attempt decide.
    return false;
  }
}

export interface LockOptions {
  /** Give up waiting after this long. */
  timeoutMs?: number;
  /** A lock older than this is considered abandoned (seeding a million videos takes minutes). */
  staleMs?: number;
}

export function withFileLock<T>(lockPath: string, fn: () => T, options: LockOptions = {}): T {
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const staleMs = options.staleMs ?? 30 * 60_000;
  const deadline = Date.now() + timeoutMs;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = fs.openSync(lockPath, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (isStale(lockPath, staleMs)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the lock ${lockPath}`);
      sleepSync(50);
    }
  }
  try {
    fs.writeSync(fd, `${process.pid}\n${os.hostname()}\n`);
    fs.closeSync(fd);
    return fn();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}
