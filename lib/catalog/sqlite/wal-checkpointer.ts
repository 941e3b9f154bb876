import type { Worker } from 'node:worker_threads';
import { startWorker } from '@/lib/worker/start-worker';

export interface CheckpointOptions {
  restartFrames?: number;
  passEveryMs?: number;
}

interface Pass {
  busy: number;
  /** Frames in the WAL when the pass began, and how many of them are now in the file. */
  log: number;
  checkpointed: number;
}

/**
 * A pass starts at most this long after the last one ended: a page rewritten by the batches in
 * between is copied once. Shorter makes each drain() shorter, and the drains' waits fewer in all.
 */
const PASS_EVERY_MS = 500;
/**
 * WAL frames (4 KB pages) past which the writer waits for a complete pass before its next
 * transaction, so that the transaction starts the WAL over (a pass tells the size as it was when
 * the pass began, and the writer drains under the write lock, so that no site write adds frames
 * after the last pass: the WAL file stays near RESTART_FRAMES pages, under about 500 MB).
 */
const RESTART_FRAMES = 65_536;
/** Passes drain() runs at most (a reader of the site still on older frames can hold one back). */
const DRAIN_PASSES = 5;
/**
 * How long drain() waits, at most, for another connection's checkpoint to end: the site's own
 * connections checkpoint after their writes (wal_autocheckpoint), and a pass cannot run beside
 * one (SQLite answers busy at once, without copying anything).
 */
const DRAIN_BUSY_MS = 3000;

/**
 * Checkpoints of an import, on a thread of their own (checkpoint-worker.ts, its own connection):
 * copying the WAL's pages back into the file took about a tenth of an import's time on the
 * writing thread, where SQLite's automatic checkpoint runs it after a commit. Passive passes, so
 * they never block the import's or the site's writes; the writer's connection has
 * wal_autocheckpoint 0 meanwhile.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private running: Promise<Pass> | null = null;
  private settle: { resolve: (p: Pass) => void; reject: (e: Error) => void } | null = null;
  private lastEnd = 0;
  private last: Pass = { busy: 0, log: 0, checkpointed: 0 };
  private failure: Error | null = null;

  private readonly restartFrames: number;
  private readonly passEveryMs: number;

  /** options: RESTART_FRAMES and PASS_EVERY_MS (tests make them small). */
  constructor(file: string, options: CheckpointOptions = {}) {
    this.restartFrames = options.restartFrames ?? RESTART_FRAMES;
    this.passEveryMs = options.passEveryMs ?? PASS_EVERY_MS;
    this.worker = startWorker(__dirname, 'checkpoint-worker', { workerData: { file }, resourceLimits: { maxYoungGenerationSizeMb: 2 } });
    this.worker.on('message', (m: ({ type: 'passed' } & Pass) | { type: 'failed'; message: string }) => {
      const settle = this.settle;
      this.settle = null;
      if (m.type === 'passed') settle?.resolve(m);
      else settle?.reject(new Error(m.message));
    });
    this.worker.on('error', (e) => {
      this.failure = e;
      this.settle?.reject(e);
    });
  }

  private pass(): Promise<Pass> {
    if (this.failure) return Promise.reject(this.failure);
    this.running ??= new Promise<Pass>((resolve, reject) => {
      this.settle = { resolve, reject };
      this.worker.postMessage({ type: 'pass' });
    }).then(
      (p) => {
        this.running = null;
        this.lastEnd = performance.now();
        // A pass that could not run (another checkpoint was running: log -1) says nothing of the WAL.
        if (p.log >= 0) this.last = p;
        return p;
      },
      (e: Error) => {
        this.running = null;
        this.failure = e;
        throw e;
      },
    );
    return this.running;
  }

  /** After a commit: starts a pass in the background when the last one ended PASS_EVERY_MS ago. */
  committed(): void {
    if (this.running || this.failure || performance.now() - this.lastEnd < this.passEveryMs) return;
    this.pass().catch(() => {});
  }

  /** Whether the thread has failed (its passes reject, and restartDue throws). */
  get failed(): boolean {
    return this.failure !== null;
  }

  /**
   * Whether the WAL has grown past RESTART_FRAMES, so that the writer should drain() before its next
   * transaction; throws when the thread failed.
   */
  restartDue(): boolean {
    if (this.failure) throw this.failure;
    // A pass reports the WAL as it was when it began: the writer has gone on meanwhile, so only a
    // pass while it waits (drain) lets its next transaction start the WAL over.
    return this.last.log > this.restartFrames;
  }

  /**
   * Waits until every frame of the WAL is in the file (the next write transaction then starts
   * the WAL over), or DRAIN_PASSES passes. The caller writes nothing meanwhile.
   */
  async drain(): Promise<void> {
    // A pass already running began before the last commit: it cannot be the complete one.
    if (this.running) await this.running;
    const started = performance.now();
    for (let i = 0; i < DRAIN_PASSES; ) {
      const p = await this.pass();
      if (p.log >= 0 && p.checkpointed >= p.log) {
        // The next write transaction starts the WAL over.
        this.last = { ...p, log: 0, checkpointed: 0 };
        return;
      }
      // Busy (log -1): another connection's checkpoint is copying; it does not count as a pass.
      if (p.log >= 0) i++;
      else if (performance.now() - started > DRAIN_BUSY_MS) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Ends the thread: the owner must (a live thread keeps the process running, as it must while drain() waits). */
  async close(): Promise<void> {
    if (this.running) await this.running.catch(() => {});
    await this.worker.terminate();
  }
}
