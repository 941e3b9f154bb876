/**
 * The parse worker (see parse-in-worker.ts): reads the feed's bytes from the parent thread, parses
 * and validates them with the same code as in-thread (parse-feed.ts), digests each row, and posts
 * the results back as wire batches (row-wire.ts).
 *
 * Messages in: { type: 'chunk', chunk }, { type: 'end' }, { type: 'error' } (the input failed),
 * unless it reads a feed file itself (workerData.file); { type: 'took', count } (the parent took
 * a batch: the worker stays at most maxAhead items ahead of it).
 * Messages out: { type: 'need' } (send the next chunk), { type: 'items', batch }, { type: 'done' },
 * { type: 'error', message }.
 */
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { readFeedFile } from './open-input';
import type { ToWorker } from './parse-in-worker';
import { parseFeedBatches } from './parse-feed';
import { computeRowHash } from '@/lib/catalog/row-hash';
import { encodeItems } from './row-wire';
import type { ParseOptions } from './types';

const port = parentPort!;
const { options, readAhead, maxAhead, file } = workerData as {
  options: ParseOptions;
  readAhead: number;
  maxAhead: number;
  file?: { fd: number; read: BigInt64Array };
};

// A file is read here (the parent closes it); other input comes from the parent, read ahead while
// it is busy writing (it answers 'need' between its transactions).
const input = file
  ? readFeedFile(file.fd, file.read, false)
  : new Readable({
      highWaterMark: readAhead,
      read() {
        port.postMessage({ type: 'need' });
      },
    });

/** Items posted and not yet taken by the parent, and who waits for it to take some. */
let ahead = 0;
let taken: (() => void) | null = null;

port.on('message', (m: ToWorker) => {
  if (m.type === 'took') {
    ahead -= m.count;
    taken?.();
    taken = null;
  } else if (m.type === 'chunk') {
    input.push(typeof m.chunk === 'string' ? m.chunk : Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
  } else if (m.type === 'end') input.push(null);
  else input.destroy(new Error('the feed could not be read to its end'));
});

async function main(): Promise<void> {
  try {
    for await (const items of parseFeedBatches(input, options)) {
      const batch = encodeItems(items, computeRowHash);
      port.postMessage({ type: 'items', batch });
      ahead += batch.count;
      while (ahead >= maxAhead) await new Promise<void>((resolve) => (taken = resolve));
    }
    port.postMessage({ type: 'done' });
  } catch (e) {
    port.postMessage({ type: 'error', message: (e as Error).message });
  }
}

void main();
