import type { Readable } from 'node:stream';
import { MAX_RECORD_CHARS } from '../limits';
import type { RawItem } from '../types';

const titleOf = (v: unknown): unknown => (v && typeof v === 'object' && 'title' in v ? (v as { title: unknown }).title : v);

/**
 * One feed field as text: lists (of strings, or of objects with a title) are joined with `sep`; an
 * object with a title (a channel as the network's answers give it, { title, dir }) is its title.
 */
function fieldText(value: unknown, sep: string): string | null {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(titleOf);
    if (parts.some((p) => typeof p !== 'string' && typeof p !== 'number')) return null;
    return parts.join(sep);
  }
  const title = titleOf(value);
  return typeof title === 'string' ? title : null;
}

function toRecord(text: string, line: number, sep: string): RawItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { reject: { line, reason: 'not valid JSON' } };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { reject: { line, reason: 'not a JSON object' } };
  const fields = new Map<string, string>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const t = fieldText(v, sep);
    if (t === null) return { reject: { line, reason: `field ${k} is neither text, a number nor a list` } };
    fields.set(k === 'video_id' ? 'id' : k, t);
  }
  return { record: { line, fields } };
}

/**
 * A KVS JSON feed: an array of video objects (or the same objects one after another, as JSON
 * lines), read as a stream. Top-level objects are cut out by counting braces outside strings, so
 * only one object is in memory at a time; each is then parsed and checked on its own.
 */
export async function* parseKvsJson(input: Readable, listSeparator: string): AsyncGenerator<RawItem[]> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let startLine = 0;
  let parts: string[] = [];
  let size = 0;
  let outerArray = false;
  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    let from = depth > 0 ? 0 : -1;
    const out: RawItem[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10) line++;
      if (depth > 0) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 92) escaped = true;
          else if (c === 34) inString = false;
          continue;
        }
        if (c === 34) inString = true;
        else if (c === 123 || c === 91) depth++;
        else if (c === 125 || c === 93) {
          depth--;
          if (depth === 0) {
            parts.push(chunk.slice(from, i + 1));
            out.push(toRecord(parts.join(''), startLine, listSeparator));
            parts = [];
            size = 0;
            from = -1;
          }
        }
        continue;
      }
      if (c === 123) {
        depth = 1;
        startLine = line;
        from = i;
      } else if (c === 91 && !outerArray) {
        outerArray = true;
      } else if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 44 && c !== 93 && c !== 0xfeff) {
        throw new Error(`line ${line}: the JSON feed is not an array of objects`);
      }
    }
    if (depth > 0) {
      parts.push(chunk.slice(from));
      size += chunk.length - from;
    }
    if (size > MAX_RECORD_CHARS) throw new Error(`line ${startLine}: a video object larger than 1 MB`);
    yield out;
  }
  if (depth > 0) yield [{ reject: { line: startLine, reason: 'the feed ends inside this object' } }];
}
