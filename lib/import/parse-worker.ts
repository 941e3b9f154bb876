/**
 * The parse worker (see parse-in-worker.ts): reads the feed's bytes from the parent thread, parses
 * and validates them with the same code as in-thread (parse-feed.ts), digests each row, and posts
 * the results back as wire batches (row-wire.ts).
 *
 * Messages in: { type: 'chunk', chunk }, { type: 'end' }, { type: 'error' } (the input failed).
 * Messages out: { type: 'need' } (send the next chunk), { type: 'items', batch }, { type: 'done' },
 * { type: 'error', message }.
 */
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { parseFeedBatches } from './parse-feed';
import { computeRowHash } from './row-hash';
import { encodeItems } from './row-wire';
import type { ParseOptions } from './types';

const port = parentPort!;
const { options, readAhead } = workerData as { options: ParseOptions; readAhead: number };

// Read ahead while the parent thread is busy writing (it answers 'need' between its transactions).
const input = new Readable({
  highWaterMark: readAhead,
  read() {
    port.postMessage({ type: 'need' });
  },
});

port.on('message', (m: { type: 'chunk'; chunk: Uint8Array | string } | { type: 'end' } | { type: 'error' }) => {
  if (m.type === 'chunk') input.push(typeof m.chunk === 'string' ? m.chunk : Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
  else if (m.type === 'end') input.push(null);
  else input.destroy(new Error('the feed could not be read to its end'));
});

async function main(): Promise<void> {
  try {
    for await (const items of parseFeedBatches(input, options)) {
      port.postMessage({ type: 'items', batch: encodeItems(items, computeRowHash) });
    }
    port.postMessage({ type: 'done' });
  } catch (e) {
    port.postMessage({ type: 'error', message: (e as Error).message });
  }
}

void main();
