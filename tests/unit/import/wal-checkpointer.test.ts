import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { WalCheckpointer } from '@/lib/catalog/sqlite/wal-checkpointer';

// The checkpoint thread compiles its TypeScript on first start.
jest.setTimeout(60_000);

/** A WAL database with a table t (no automatic checkpoints), its checkpoint thread, both closed and removed after `run`. */
async function withWalFile(run: (db: Database.Database, checkpointer: WalCheckpointer, file: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-ckpt-'));
  const file = path.join(dir, 'c.db');
  const db = new Database(file);
  const checkpointer = new WalCheckpointer(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x BLOB)');
    await run(db, checkpointer, file);
  } finally {
    await checkpointer.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('WalCheckpointer', () => {
  it('copies the WAL back on its thread, so that the next write starts the WAL over', async () => {
    await withWalFile(async (db, checkpointer) => {
      const insert = db.prepare('INSERT INTO t VALUES (randomblob(3000))');
      db.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run();
      })();
      const frames = () => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;
      checkpointer.committed();
      await checkpointer.drain();
      db.transaction(() => insert.run())();
      // 2,000 rows of 3 KB filled some 2,000 frames; the WAL started over holds the last write only.
      expect(frames()).toBeLessThan(10);
      expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(2001);
    });
  });

  it("waits out another connection's checkpoint instead of taking its busy answer for a complete pass", async () => {
    await withWalFile(async (db, checkpointer, file) => {
      // The thread is up (it compiles its TypeScript first) before the other checkpoint starts.
      await checkpointer.drain();
      const insert = db.prepare('INSERT INTO t VALUES (randomblob(3000))');
      db.transaction(() => {
        for (let i = 0; i < 60_000; i++) insert.run();
      })();
      // The site's connection checkpoints after one of its writes (wal_autocheckpoint), on a thread
      // of its own here: meanwhile a pass of the import's thread is answered busy, log -1.
      const site = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         const db = new (require('better-sqlite3'))(workerData.file);
         parentPort.postMessage('checkpointing');
         db.pragma('wal_checkpoint(PASSIVE)');
         db.close();`,
        { eval: true, workerData: { file } },
      );
      await new Promise((resolve, reject) => site.once('message', resolve).once('error', reject));
      const exited = new Promise((resolve) => site.once('exit', resolve));
      await checkpointer.drain();
      db.transaction(() => insert.run())();
      await exited;
      const frames = (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;
      // Started over: the WAL holds the last write only, not 60,000 rows' frames and more.
      expect(frames).toBeLessThan(10);
    });
  });
});
