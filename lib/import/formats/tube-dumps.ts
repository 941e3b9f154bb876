import type { Readable } from 'node:stream';
import type { RawItem } from '../types';
import { LINE_TOO_LONG, numberedLineBatches } from '../lines';
import { orientationFromCategories } from '../orientation';
import { parseDelimited, toFields } from './delimited';

/** The orientation the dump's categories name (see orientationFromCategories), as the row's field. */
function deriveOrientation(fields: Map<string, string>, sep: string): void {
  const o = orientationFromCategories((fields.get('categories') ?? '').split(sep));
  if (o) fields.set('orientation', o);
}

/**
 * The pipe-separated embed dump of the biggest tube (pornhub.com-db.csv): embed iframe, thumbnail,
 * thumbnails (';'), title, tags (';'), categories (';'), performers (';'), duration in seconds,
 * views, likes, dislikes, then optionally a large thumbnail and large thumbnails. Field order as
 * read by public importers of that dump. The external id is the embed URL's last path segment.
 * It has no channel or comments column, and the orientation only as a category.
 */
export const PORNHUB_COLUMNS = [
  'embed', 'main_screenshot', 'screenshots', 'title', 'tags', 'categories', 'models', 'duration', 'views', 'likes',
  'dislikes', '_thumb_large', '_thumbs_large', '_comments',
];
export const PORNHUB_LIST_SEPARATOR = ';';

function lastSegment(url: string): string {
  const src = /src\s*=\s*["']?([^"'\s>]+)/i.exec(url)?.[1] ?? url;
  return src.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() ?? '';
}

export function parsePornhubDump(input: Readable): AsyncGenerator<RawItem[]> {
  return parseDelimited(input, {
    separator: '|',
    columns: PORNHUB_COLUMNS,
    minColumns: 11,
    header: false,
    derive: (f) => {
      f.set('id', lastSegment(f.get('embed') ?? ''));
      deriveOrientation(f, PORNHUB_LIST_SEPARATOR);
    },
  });
}

/**
 * The semicolon-separated export of the second big tube (xvideos.com-export-*.csv): url; title;
 * duration ("N sec"); thumbnail; embed iframe; tags (','); then, in the current 15-column export,
 * performers; numeric id; category; quality; uploader; -; upload date; preview thumbnail; views.
 * The older 7-column export ends with the category after the tags. The uploader is the channel:
 * the studios and sites that publish there do it as uploaders with a channel of their own.
 */
export const XVIDEOS_COLUMNS_7 = ['link', 'title', 'duration', 'main_screenshot', 'embed', 'tags', 'categories'];
export const XVIDEOS_COLUMNS_15 = [
  'link', 'title', 'duration', 'main_screenshot', 'embed', 'tags', 'models', 'id', 'categories', '_quality',
  'content_source', '_unused', 'post_date', '_preview_thumb', 'views',
];
export const XVIDEOS_LIST_SEPARATOR = ',';

function xvideosId(url: string): string {
  return /\/video[.]?([a-z0-9]+)/i.exec(url)?.[1] ?? /embedframe\/([a-z0-9]+)/i.exec(url)?.[1] ?? '';
}

export async function* parseXvideosDump(input: Readable): AsyncGenerator<RawItem[]> {
  for await (const lines of numberedLineBatches(input)) {
    const out: RawItem[] = [];
    for (const { line, text, tooLong } of lines) {
      if (tooLong) {
        out.push({ reject: { line, reason: LINE_TOO_LONG } });
        continue;
      }
      if (text.trim() === '') continue;
      const values = text.split(';');
      const columns = values.length === 7 ? XVIDEOS_COLUMNS_7 : values.length === 15 ? XVIDEOS_COLUMNS_15 : null;
      if (!columns) {
        out.push({ reject: { line, reason: `expected 7 or 15 columns, got ${values.length}` } });
        continue;
      }
      const fields = toFields(values, columns);
      if (!(fields.get('id') ?? '').trim()) fields.set('id', xvideosId(fields.get('link') ?? '') || xvideosId(fields.get('embed') ?? ''));
      deriveOrientation(fields, XVIDEOS_LIST_SEPARATOR);
      out.push({ record: { line, fields } });
    }
    yield out;
  }
}
