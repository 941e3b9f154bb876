import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { fieldTooLong, MAX_FIELD_CHARS, MAX_LINE_CHARS, MAX_RECORD_CHARS } from '../limits';
import type { RawItem } from '../types';

/**
 * A KVS XML feed, <videos><video><id>…</id><title>…</title>…</video>…</videos>, read as a stream
 * with a SAX parser: one <video> at a time is in memory. A field with child elements
 * (<categories><category>A</category>…</categories>) becomes a list joined with `listSeparator`.
 * Markup inside a field (other than such a list) is kept as text, so that the row is rejected as
 * HTML outside the embed field; the embed field may hold the escaped iframe code or a CDATA block.
 * Bounds: a field's text is kept up to its limit (a longer one rejects its <video>, whose other
 * fields are then dropped as they come), and no single token (text, tag, comment) may run longer
 * than a line may in a CSV feed: the parser buffers a token whole, so that stops the import.
 */
const LIST_FIELDS = new Set(['categories', 'tags', 'models', 'screenshots']);

class TokenTooLong extends Error {}

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
  /** Characters of the current field and <video>; the reason the <video> is rejected, if it is. */
  let fieldSize = 0;
  let videoSize = 0;
  let tooLong: string | null = null;
  /** Where the parser was at its last event: the text since then is buffered inside it. */
  let lastEvent = 0;
  const mark = () => {
    lastEvent = parser.position;
  };
  const keep = (t: string) => {
    if (field === null || tooLong !== null) return;
    fieldSize += t.length;
    videoSize += t.length;
    if (fieldSize > MAX_FIELD_CHARS) tooLong = fieldTooLong(field);
    else if (videoSize > MAX_RECORD_CHARS) tooLong = `video longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB`;
    else textParts.push(t);
  };
  parser.on('comment', mark);
  parser.on('doctype', mark);
  parser.on('processinginstruction', mark);

  parser.on('opentag', (tag) => {
    mark();
    depth++;
    if (videoDepth === 0) {
      if (tag.name === 'video') {
        videoDepth = depth;
        videoLine = parser.line;
        fields = new Map();
        videoSize = 0;
        tooLong = null;
      }
      return;
    }
    if (depth === videoDepth + 1) {
      field = tag.name;
      textParts = [];
      items = [];
      nested = false;
      fieldSize = 0;
    } else if (depth === videoDepth + 2 && field !== null && LIST_FIELDS.has(field)) {
      nested = true;
      textParts = [];
    } else {
      keep(`<${tag.name}>`);
    }
  });
  parser.on('text', (t) => {
    mark();
    keep(t);
  });
  parser.on('cdata', (t) => {
    mark();
    keep(t);
  });
  parser.on('closetag', (tag) => {
    mark();
    if (videoDepth > 0 && depth === videoDepth + 2 && nested) {
      items.push(textParts.join('').trim());
      textParts = [];
    } else if (videoDepth > 0 && depth === videoDepth + 1 && field !== null) {
      fields.set(field === 'video_id' ? 'id' : field, nested ? items.filter(Boolean).join(listSeparator) : textParts.join(''));
      field = null;
    } else if (depth === videoDepth && tag.name === 'video') {
      out.push(tooLong === null ? { record: { line: videoLine, fields } } : { reject: { line: videoLine, reason: tooLong } });
      videoDepth = 0;
    }
    depth--;
  });

  input.setEncoding('utf8');
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      parser.write(chunk);
      if (parser.position - lastEvent > MAX_LINE_CHARS) {
        throw new TokenTooLong(`line ${parser.line}: a text, tag or comment longer than ${MAX_LINE_CHARS / 1024 / 1024} MB`);
      }
      yield out;
      out = [];
    }
    parser.close();
  } catch (e) {
    if (e instanceof TokenTooLong) throw e;
    // saxes reports "line:column: message"; the caller prints it as the one line that stops the import.
    throw new Error(`XML feed is not well-formed: ${(e as Error).message}`);
  }
  yield out;
}
