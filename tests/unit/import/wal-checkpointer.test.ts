import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { WalCheckpointer } from '@/lib/catalog/wal-checkpointer';

// The checkpoint thread compiles its TypeScript on first start.
jest.setTimeout(60_000);

describe('WalCheckpointer', () => {
  it('copies the WAL back on its thread, so that the next write starts the WAL over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-ckpt-'));
    const file = path.join(dir, 'c.db');
    const db = new Database(file);
    const checkpointer = new WalCheckpointer(file);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec('CREATE TABLE t (x BLOB)');
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
    } finally {
      await checkpointer.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
