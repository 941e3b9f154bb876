import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread module `name` of folder `dir` (the caller's __dirname). Run from
 * TypeScript (tsx, Jest), a worker does not inherit tsx's loader: it registers tsx's own first.
 */
export function startWorker(dir: string, name: string, options: WorkerOptions): Worker {
  const ext = path.extname(__filename);
  const file = path.join(dir, `${name}${ext}`);
  if (ext !== '.ts') return new Worker(file, options);
  const tsx = createRequire(__filename).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(file)});`, { ...options, eval: true });
}
