import type { FeedRow } from '@/lib/catalog/feed-row';
import type { Orientation } from '@/lib/contract/types';
import type { FeedItem, Rejection } from './types';

/**
 * Parsed rows as one string, to hand them from the parse worker to the writing thread: the
 * structured clone of row objects cost the receiving thread about as much as parsing them, and
 * splitting one string into them far less. Fields are separated by U+001F,
 * rows by U+001E, list items by U+001D; U+001C is null. A validated row cannot hold these control
 * characters (text fields reject them, URLs are percent-encoded); a batch that does anyway is sent
 * as objects (`items`).
 */
export type WireBatch =
  | { count: number; wire: string; hashes: true; rejects: [number, Rejection][]; items?: undefined }
  | { count: number; items: FeedItem[]; hashes: string[]; wire?: undefined; rejects?: undefined };

const F = '\u001f';
const R = '\u001e';
const L = '\u001d';
const NULL = '\u001c';
const SEPARATORS_RE = /[\u001c-\u001f]/;

function str(v: string): string {
  if (SEPARATORS_RE.test(v)) throw new SeparatorInText();
  return v;
}

function list(items: readonly string[]): string {
  for (const v of items) if (v === '' || SEPARATORS_RE.test(v)) throw new SeparatorInText();
  return items.join(L);
}

class SeparatorInText extends Error {}

function encodeRow(r: FeedRow, hash: string): string {
  return [
    r.line, str(r.externalId), str(r.title), str(r.dir), str(r.description), r.postDate ?? NULL, r.duration,
    str(r.embedUrl), r.thumbUrl === null ? NULL : str(r.thumbUrl), list(r.thumbs), r.previewUrl === null ? NULL : str(r.previewUrl),
    list(r.categories), list(r.tags), list(r.models), r.views, r.likes, r.dislikes, hash,
    r.channel == null ? NULL : str(r.channel), r.orientation ?? NULL, r.comments ?? NULL,
  ].join(F);
}

/** One parsed chunk for the other thread; `hash(row)` is each row's digest (see row-hash.ts). */
export function encodeItems(items: readonly FeedItem[], hash: (row: FeedRow) => string): WireBatch {
  const rows: string[] = [];
  const rejects: [number, Rejection][] = [];
  try {
    items.forEach((item, i) => {
      if (item.reject) rejects.push([i, item.reject]);
      else rows.push(encodeRow(item.row, hash(item.row)));
    });
  } catch (e) {
    if (!(e instanceof SeparatorInText)) throw e;
    return { count: items.length, items: [...items], hashes: items.map((i) => (i.row ? hash(i.row) : '')) };
  }
  return { count: items.length, wire: rows.join(R), hashes: true, rejects };
}

const nullable = (v: string): string | null => (v === NULL ? null : v);
const items = (v: string): string[] => (v === '' ? [] : v.split(L));

/** The items of a batch, in feed order, each row with its digest (passed to `remember`). */
export function decodeItems(b: WireBatch, remember: (row: FeedRow, hash: string) => void): FeedItem[] {
  if (b.items) {
    b.items.forEach((item, i) => item.row && remember(item.row, b.hashes[i]!));
    return b.items;
  }
  const out: FeedItem[] = [];
  let reject = 0;
  const next = () => {
    while (reject < b.rejects.length && b.rejects[reject]![0] === out.length) out.push({ reject: b.rejects[reject++]![1] });
  };
  next();
  // A batch of rejections only has an empty wire (a row is never empty: it has 20 separators).
  if (b.count > b.rejects.length) {
    for (const text of b.wire.split(R)) {
      const f = text.split(F) as [string, ...string[]];
      const row: FeedRow = {
        line: Number(f[0]),
        externalId: f[1]!,
        title: f[2]!,
        dir: f[3]!,
        description: f[4]!,
        postDate: f[5] === NULL ? null : Number(f[5]),
        duration: Number(f[6]),
        embedUrl: f[7]!,
        thumbUrl: nullable(f[8]!),
        thumbs: items(f[9]!),
        previewUrl: nullable(f[10]!),
        categories: items(f[11]!),
        tags: items(f[12]!),
        models: items(f[13]!),
        views: Number(f[14]),
        likes: Number(f[15]),
        dislikes: Number(f[16]),
      };
      // Absent stays absent (see normalise.ts): the row is the one the worker digested.
      if (f[18] !== NULL) row.channel = f[18]!;
      if (f[19] !== NULL) row.orientation = f[19] as Orientation;
      if (f[20] !== NULL) row.comments = Number(f[20]);
      remember(row, f[17]!);
      out.push({ row });
      next();
    }
  }
  return out;
}
