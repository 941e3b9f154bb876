import readline from 'node:readline';
import type { Readable } from 'node:stream';

/** The lines of a text stream with their 1-based numbers; the stream is read as it is consumed. */
export async function* numberedLines(input: Readable): AsyncGenerator<{ line: number; text: string }> {
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of rl) {
    line++;
    // A UTF-8 byte-order mark is not part of the first field.
    yield { line, text: line === 1 ? text.replace(/^\uFEFF/, '') : text };
  }
}
