import type { Readable } from 'node:stream';
import { MAX_LINE_CHARS } from './limits';

export interface NumberedLine {
  line: number;
  /** The line's text; '' when it is too long. */
  text: string;
  /** The line was longer than the limit: its text was dropped as it was read, never held whole. */
  tooLong?: true;
}

/** The reason a too-long line is rejected. */
export const LINE_TOO_LONG = `line longer than ${MAX_LINE_CHARS / 1024 / 1024} MB`;

/**
 * The lines of a text stream with their 1-based numbers, one array per chunk read: a feed of
 * millions of lines costs one await per chunk instead of one per line. A line longer than
 * `maxLine` characters comes out as `tooLong` with no text, and its rest is skipped as it arrives,
 * so a feed without line breaks holds at most a line and a chunk in memory.
 */
export async function* numberedLineBatches(input: Readable, maxLine = MAX_LINE_CHARS): AsyncGenerator<NumberedLine[]> {
  input.setEncoding('utf8');
  let carry = '';
  let skipping = false;
  let line = 0;
  const first = (text: string) => (line === 1 ? text.replace(/^\uFEFF/, '') : text);
  for await (const chunk of input as AsyncIterable<string>) {
    const batch: NumberedLine[] = [];
    let text = chunk;
    if (skipping) {
      const nl = text.indexOf('\n');
      if (nl < 0) continue;
      batch.push({ line: ++line, text: '', tooLong: true });
      skipping = false;
      text = text.slice(nl + 1);
    } else {
      text = carry + chunk;
    }
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      const end = nl > from && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      line++;
      const lineText = first(text.slice(from, end));
      batch.push(lineText.length > maxLine ? { line, text: '', tooLong: true } : { line, text: lineText });
      from = nl + 1;
    }
    carry = text.slice(from);
    // Room for a BOM and the CR of a CRLF, which are not part of the line's text.
    if (carry.length > maxLine + 2) {
      carry = '';
      skipping = true;
    }
    if (batch.length > 0) yield batch;
  }
  if (skipping) yield [{ line: line + 1, text: '', tooLong: true }];
  else if (carry !== '') {
    line++;
    yield [{ line, text: first(carry).replace(/\r$/, '') }];
  }
}
