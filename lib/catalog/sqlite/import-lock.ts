import 'server-only';
import fs from 'node:fs';
import os from 'node:os';
import { processAlive } from './file-lock';

/**
 * One import at a time per catalogue file. A writer hands out new video, category and tag ids
 * from what it read when its run began; a second run writing meanwhile handed out the same ones
 * and broke off at its first batch (UNIQUE constraint failed: videos.id). So a run holds
 * `<catalogue>.import-lock` (created exclusively, holding its pid and host) from startRun to
 * close, and another run waits for it. A lock whose process died (an import killed) is taken over
 * at once; one of a live process never is: an import may rightly run for hours.
 */
const POLL_MS = 200;
/** A lock file without a pid is one whose writer died between creating and filling it. */
const UNFILLED_STALE_MS = 10_000;

function isStale(lockPath: string): boolean {
  try {
    const [pidText, host] = fs.readFileSync(lockPath, 'utf8').split('\n');
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid > 0) return host === os.hostname() && !processAlive(pid);
    return Date.now() - fs.statSync(lockPath).mtimeMs > UNFILLED_STALE_MS;
  } catch {
    // Vanished meanwhile: the next attempt takes it.
    return false;
  }
}

/** Takes the lock of `catalogue`, calling `onWait` once if another run holds it; resolves to its release. */
export async function takeImportLock(catalogue: string, onWait: () => void): Promise<() => void> {
  const lockPath = `${catalogue}.import-lock`;
  const mine = `${process.pid}\n${os.hostname()}\n`;
  let told = false;
  for (;;) {
    let fd: number;
    try {
      fd = fs.openSync(lockPath, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (isStale(lockPath)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (!told) onWait();
      told = true;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    try {
      fs.writeSync(fd, mine);
    } catch (e) {
      // A full disk: no empty lock left behind for the next run to wait on.
      fs.rmSync(lockPath, { force: true });
      throw e;
    } finally {
      fs.closeSync(fd);
    }
    break;
  }
  return () => {
    // Only our own (a lock is taken over only from a dead process, but a person may remove it by hand).
    try {
      if (fs.readFileSync(lockPath, 'utf8') === mine) fs.rmSync(lockPath, { force: true });
    } catch {
      // Already gone.
    }
  };
}
