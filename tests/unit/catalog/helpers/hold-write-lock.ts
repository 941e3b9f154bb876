import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * Another connection to the catalogue at `file`, on a thread of its own (as the running site or an
 * import would be), takes the write lock, runs `sql` in its transaction and commits `ms` later.
 * Resolves once the lock is held; `released` resolves when that thread has committed and ended
 * (and rejects if it failed). In an object: a promise resolving to a promise would wait for both.
 */
export async function holdWriteLock(file: string, ms: number, sql = 'UPDATE videos SET comments = comments WHERE id = 1'): Promise<{ released: Promise<unknown> }> {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const db = new (require('better-sqlite3'))(workerData.file);
     const flag = new Int32Array(workerData.flag);
     db.exec('BEGIN IMMEDIATE');
     db.exec(workerData.sql);
     Atomics.store(flag, 0, 1);
     Atomics.wait(flag, 0, 1, workerData.ms);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: { file, flag: flag.buffer, ms, sql } },
  );
  const failed = new Promise((_, reject) => worker.on('error', reject));
  const released = Promise.race([failed, once(worker, 'exit')]);
  while (Atomics.load(flag, 0) === 0) await Promise.race([failed, new Promise((r) => setTimeout(r, 2))]);
  return { released };
}
