import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import type { RawItem } from '../types';

/**
 * A KVS XML feed, <videos><video><id>…</id><title>…</title>…</video>…</videos>, read as a stream
 * with a SAX parser: one <video> at a time is in memory. A field with child elements
 * (<categories><category>A</category>…</categories>) becomes a list joined with `listSeparator`.
 * Markup inside a field (other than such a list) is kept as text, so that the row is rejected as
 * HTML outside the embed field; the embed field may hold the escaped iframe code or a CDATA block.
 */
const LIST_FIELDS = new Set(['categories', 'tags', 'models', 'screenshots']);

export async function* parseKvsXml(input: Readable, listSeparator: string): AsyncGenerator<RawItem[]> {
  const parser = new SaxesParser({ position: true });
  let out: RawItem[] = [];
  let depth = 0;
  let videoDepth = 0;
  let videoLine = 0;
  let fields = new Map<string, string>();
  let field: string | null = null;
  let textParts: string[] = [];
  let items: string[] = [];
  let nested = false;

  parser.on('opentag', (tag) => {
    depth++;
    if (videoDepth === 0) {
      if (tag.name === 'video') {
        videoDepth = depth;
        videoLine = parser.line;
        fields = new Map();
      }
      return;
    }
    if (depth === videoDepth + 1) {
      field = tag.name;
      textParts = [];
      items = [];
      nested = false;
    } else if (depth === videoDepth + 2 && field !== null && LIST_FIELDS.has(field)) {
      nested = true;
      textParts = [];
    } else {
      textParts.push(`<${tag.name}>`);
    }
  });
  parser.on('text', (t) => {
    if (field !== null) textParts.push(t);
  });
  parser.on('cdata', (t) => {
    if (field !== null) textParts.push(t);
  });
  parser.on('closetag', (tag) => {
    if (videoDepth > 0 && depth === videoDepth + 2 && nested) {
      items.push(textParts.join('').trim());
      textParts = [];
    } else if (videoDepth > 0 && depth === videoDepth + 1 && field !== null) {
      fields.set(field === 'video_id' ? 'id' : field, nested ? items.filter(Boolean).join(listSeparator) : textParts.join(''));
      field = null;
    } else if (depth === videoDepth && tag.name === 'video') {
      out.push({ record: { line: videoLine, fields } });
      videoDepth = 0;
    }
    depth--;
  });

  input.setEncoding('utf8');
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      parser.write(chunk);
      yield out;
      out = [];
    }
    parser.close();
  } catch (e) {
    // saxes reports "line:column: message"; the caller prints it as the one line that stops the import.
    throw new Error(`XML feed is not well-formed: ${(e as Error).message}`);
  }
  yield out;
}
