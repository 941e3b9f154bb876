import { Readable } from 'node:stream';
import type { FeedInput } from './open-input';
import { rememberRowHash } from '@/lib/catalog/row-hash';
import { decodeItems, type WireBatch } from './row-wire';
import { startWorker } from '@/lib/worker/start-worker';
import type { FeedItem, ParseOptions } from './types';

/** Feed bytes the worker holds ahead of its parser: KVS CSV rows for more than one write batch. */
const READ_AHEAD_BYTES = 4 * 2 ** 20;
/** Parsed rows waiting for the writer, past which no more of the feed is read. */
const MAX_QUEUED_ROWS = 15_000;

/** Messages to the worker: its input (when it does not read a file itself), and rows taken. */
export type ToWorker =
  | { type: 'chunk'; chunk: Uint8Array | string }
  | { type: 'end' }
  | { type: 'error' }
  | { type: 'took'; count: number };

type FromWorker =
  | { type: 'need' }
  | { type: 'items'; batch: WireBatch }
  | { type: 'done' }
  | { type: 'error'; message: string };

/**
 * The worker's heap, smaller than V8's defaults, for the import's 300 MB budget: its rows die
 * young, and what it keeps is its read-ahead and one chunk's records (an old generation left to
 * grow held garbage at the import's peak, which `npm run bench:import` measures). `npm run import`
 * gives the main thread 8 MB semi-spaces for the same reason.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 };

/**
 * parseFeedBatches (parse-feed.ts) on a worker thread: the same items in the same order, parsed and
 * validated while the calling thread writes the previous ones (a write transaction blocks its
 * thread). The rows come with their digests (row-hash.ts), computed there too. A feed file is read
 * by the worker itself (FeedInput.file, its byte count shared with progress); any other stream is
 * read here and handed over as the worker asks. Either way the worker stays at most
 * MAX_QUEUED_ROWS parsed rows ahead of the caller. A feed that cannot be read to its end throws
 * its own error, after every row parsed before it.
 *
 * Handed over from here, the input only moved when this thread had nothing else to do: a write
 * transaction holds it for up to a second, so parsing mostly waited for writing to end instead of
 * running beside it, and the writer then waited for rows (`npm run bench:import`).
 */
export async function* parseFeedBatchesInWorker(input: Readable | FeedInput, o: ParseOptions): AsyncGenerator<FeedItem[]> {
  const file = input instanceof Readable ? undefined : input.file;
  const worker = startWorker(__dirname, 'parse-worker', {
    workerData: { options: o, readAhead: READ_AHEAD_BYTES, maxAhead: MAX_QUEUED_ROWS, file },
    resourceLimits: WORKER_LIMITS,
  });
  const send = (m: ToWorker) => worker.postMessage(m);
  // A file is the worker's to read: nothing is supplied from here.
  const chunks = file ? null : ((input instanceof Readable ? input : input.stream) as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
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
    if (reading || !chunks) return;
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
          send({ type: 'error' });
          break;
        }
        if (next.done) {
          inputEnded = true;
          send({ type: 'end' });
        } else {
          send({ type: 'chunk', chunk: next.value });
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
        send({ type: 'took', count: batch.count });
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
