import type { Readable } from 'node:stream';
import { rememberRowHash } from './row-hash';
import { decodeItems, type WireBatch } from './row-wire';
import { startWorker } from './start-worker';
import type { FeedItem, ParseOptions } from './types';

/** Feed bytes the worker holds ahead of its parser: about 13,000 KVS CSV rows, more than one write batch. */
const READ_AHEAD_BYTES = 4 * 2 ** 20;
/** Parsed rows waiting for the writer, past which no more of the feed is read. */
const MAX_QUEUED_ROWS = 15_000;

type FromWorker =
  | { type: 'need' }
  | { type: 'items'; batch: WireBatch }
  | { type: 'done' }
  | { type: 'error'; message: string };

/**
 * The worker's heap, smaller than V8's defaults, for the import's 300 MB budget: its rows die
 * young, and what it keeps is its read-ahead and one chunk's records (an old generation left to
 * grow held about 25 MB of garbage at the bench's peak). `npm run import` gives the main thread
 * 8 MB semi-spaces for the same reason.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 };

/**
 * parseFeedBatches (parse-feed.ts) on a worker thread: the same items in the same order, parsed and
 * validated while the calling thread writes the previous ones (a write transaction blocks its
 * thread). The rows come with their digests (row-hash.ts), computed there too. The feed is read
 * here (so its byte count stays where progress reads it) and handed over as the worker asks, at
 * most MAX_QUEUED_ROWS parsed rows ahead of the caller. A feed that cannot be read to its end
 * throws its own error, after every row parsed before it.
 */
export async function* parseFeedBatchesInWorker(input: Readable, o: ParseOptions): AsyncGenerator<FeedItem[]> {
  const worker = startWorker(__dirname, 'parse-worker', {
    workerData: { options: o, readAhead: READ_AHEAD_BYTES },
    resourceLimits: WORKER_LIMITS,
  });
  const chunks = (input as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const queue: WireBatch[] = [];
  let queuedRows = 0;
  let needs = 0;
  let reading = false;
  let inputEnded = false;
  let inputError: unknown = null;
  let failure: unknown = null;
  let done = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  // Answers the worker's requests for input while the queue has room (re-run as the queue drains).
  const supply = async () => {
    if (reading) return;
    reading = true;
    try {
      while (needs > 0 && !inputEnded && queuedRows < MAX_QUEUED_ROWS) {
        needs--;
        let next: IteratorResult<Buffer | string>;
        try {
          next = await chunks.next();
        } catch (e) {
          // The worker finishes what it has, then reports; the caller gets this error.
          inputError = e;
          inputEnded = true;
          worker.postMessage({ type: 'error' });
          break;
        }
        if (next.done) {
          inputEnded = true;
          worker.postMessage({ type: 'end' });
        } else {
          worker.postMessage({ type: 'chunk', chunk: next.value });
        }
      }
    } finally {
      reading = false;
    }
  };
  worker.on('message', (m: FromWorker) => {
    if (m.type === 'need') {
      needs++;
      void supply();
    } else if (m.type === 'items') {
      queue.push(m.batch);
      queuedRows += m.batch.count;
      notify();
    } else if (m.type === 'done') {
      done = true;
      notify();
    } else {
      failure = inputError ?? new Error(m.message);
      notify();
    }
  });
  worker.on('error', (e) => {
    failure ??= e;
    notify();
  });
  worker.on('exit', (code) => {
    if (!done) failure ??= new Error(`the parse worker stopped (exit code ${code})`);
    notify();
  });
  try {
    for (;;) {
      const batch = queue.shift();
      if (batch) {
        queuedRows -= batch.count;
        void supply();
        yield decodeItems(batch, rememberRowHash);
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    await worker.terminate();
  }
}
