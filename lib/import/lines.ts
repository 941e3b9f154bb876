import type { Readable } from 'node:stream';

export interface NumberedLine {
  line: number;
  text: string;
}

/**
 * The lines of a text stream with their 1-based numbers, one array per chunk read: a feed of
 * millions of lines costs one await per chunk instead of one per line.
 */
export async function* numberedLineBatches(input: Readable): AsyncGenerator<NumberedLine[]> {
  input.setEncoding('utf8');
  let carry = '';
  let line = 0;
  for await (const chunk of input as AsyncIterable<string>) {
    const text = carry + chunk;
    const batch: NumberedLine[] = [];
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      const end = nl > from && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      line++;
      batch.push({ line, text: line === 1 ? text.slice(from, end).replace(/^\uFEFF/, '') : text.slice(from, end) });
      from = nl + 1;
    }
    carry = text.slice(from);
    if (batch.length > 0) yield batch;
  }
  if (carry !== '') {
    line++;
    yield [{ line, text: line === 1 ? carry.replace(/^\uFEFF/, '').replace(/\r$/, '') : carry.replace(/\r$/, '') }];
  }
}
