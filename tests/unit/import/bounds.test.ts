/**
 * Issue 20 item 8: what one feed may cost. The embed's <iframe src> is found in linear time (the
 * former single regex took quadratic time in a field of repeated `<iframe `); a field, a line and
 * an XML token have limits, each reported with the feed line it is on.
 */
import { Readable } from 'node:stream';
import { iframeSrc, reduceEmbed } from '@/lib/import/embed';
import { numberedLineBatches } from '@/lib/import/lines';
import { MAX_FIELD_CHARS, MAX_LINE_CHARS } from '@/lib/import/limits';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { parseFeed } from '@/lib/import/parse-feed';
import type { FeedFormat, FeedItem, ParseOptions } from '@/lib/import/types';

const HOSTS = ['example.com'];
const options = (format: FeedFormat): ParseOptions => ({
  format, columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: HOSTS,
});

async function collect(input: Readable, o: ParseOptions): Promise<FeedItem[]> {
  const out: FeedItem[] = [];
  for await (const item of parseFeed(input, o)) out.push(item);
  return out;
}
const rejects = (items: FeedItem[]) => items.flatMap((i) => (i.reject ? [`${i.reject.line}: ${i.reject.reason}`] : []));
const ids = (items: FeedItem[]) => items.flatMap((i) => (i.row ? [i.row.externalId] : []));
/** A stream of `text` in 64 KB chunks, as a file or socket gives it. */
const chunks = (text: string, size = 65536) =>
  Readable.from(Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size)));
const csvRow = (id: number, embed = `https://embed.example.com/e/${id}`) =>
  `${id}|Title ${id}|||2024-05-01 10:00:00||||||60|${embed}|https://img.example.com/${id}.jpg`;

function msFor(f: () => void): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

describe('the embed field', () => {
  it('is searched for its <iframe src> in linear time', () => {
    // 128 KB and 256 KB of `<iframe ` with no `>`: the old regex took 0.46 s and 1.9 s.
    const small = '<iframe '.repeat(16384);
    const big = '<iframe '.repeat(32768);
    msFor(() => iframeSrc(small));
    const tSmall = Math.min(...[0, 1, 2].map(() => msFor(() => iframeSrc(small))));
    const tBig = Math.min(...[0, 1, 2].map(() => msFor(() => iframeSrc(big))));
    // Twice the text, about twice the time (quadratic would be four times): a ratio of two runs
    // side by side, the fastest of three each, which a loaded machine slows alike.
    expect(tBig).toBeLessThan(3 * tSmall + 10);
    expect(iframeSrc(small)).toBeNull();
    expect(reduceEmbed(big, HOSTS)).toEqual({ error: 'embed HTML has no <iframe src>' });
  });

  it('still finds the src as before', () => {
    expect(iframeSrc('<iframe width="1" src="https://a.example.com/e/1"></iframe>')).toBe('https://a.example.com/e/1');
    expect(iframeSrc("<IFRAME\nsrc='https://a.example.com/e/2'>")).toBe('https://a.example.com/e/2');
    expect(iframeSrc('<iframe src=https://a.example.com/e/3 allowfullscreen>')).toBe('https://a.example.com/e/3');
    // The first tag has no src: the next <iframe> is read; a src of another element is not.
    expect(iframeSrc('<iframe title="x"></iframe><iframe data-src="n" src="https://a.example.com/e/4">')).toBe('https://a.example.com/e/4');
    expect(iframeSrc('<iframe></iframe><img src="https://a.example.com/i.jpg">')).toBeNull();
    expect(iframeSrc('<iframes src="https://a.example.com/e/5">')).toBeNull();
  });

  it('is refused beyond 64 KB before any pattern runs over it', async () => {
    const huge = `<iframe src="https://embed.example.com/e/1" ${'<iframe '.repeat(16384)}>`;
    const items = await collect(chunks(`${csvRow(1, huge)}\n${csvRow(2)}\n`), options('kvs-csv'));
    // The length reason, not the missing-src one the pattern would give: the cap came first.
    expect(rejects(items)).toEqual(['1: embed longer than 64 KB']);
    expect(ids(items)).toEqual(['2']);
  });

  it('allows 64 KB in a field, no more', async () => {
    const at = (n: number) => `1|Title|||||||||60|https://embed.example.com/e/1?${'a'.repeat(n)}|`;
    const base = at(0).split('|')[11]!.length;
    expect(rejects(await collect(chunks(`${at(MAX_FIELD_CHARS - base)}\n`), options('kvs-csv')))).toEqual([]);
    expect(rejects(await collect(chunks(`${at(MAX_FIELD_CHARS - base + 1)}\n`), options('kvs-csv')))).toEqual(['1: embed longer than 64 KB']);
  });
});

describe('a line', () => {
  it('longer than 1 MB is rejected with its line number, and the lines after it are read', async () => {
    const long = `3|${'x'.repeat(MAX_LINE_CHARS + 10)}`;
    for (const format of ['kvs-csv', 'pornhub', 'xvideos'] as const) {
      const items = await collect(chunks(`${csvRow(1)}\n${csvRow(2)}\n${long}\n${csvRow(4)}\n`), options(format));
      expect(rejects(items)).toContain('3: line longer than 1 MB');
      expect(rejects(items).filter((r) => r.startsWith('3:'))).toHaveLength(1);
      if (format === 'kvs-csv') expect(ids(items)).toEqual(['1', '2', '4']);
    }
  });

  it('is never held whole: a feed with no line break ends as one rejected line', async () => {
    const seen: number[] = [];
    const endless = Readable.from((function* () {
      for (let i = 0; i < 64; i++) yield 'y'.repeat(1 << 18);
    })());
    for await (const batch of numberedLineBatches(endless)) for (const l of batch) seen.push(l.line, l.text.length, l.tooLong ? 1 : 0);
    expect(seen).toEqual([1, 0, 1]);
  });

  it('at the limit is kept, CRLF and BOM as before', async () => {
    const lines: string[] = [];
    const text = `\uFEFF${'a'.repeat(MAX_LINE_CHARS)}\r\nb\r\nc`;
    for await (const batch of numberedLineBatches(chunks(text))) for (const l of batch) lines.push(`${l.line}:${l.text.length}:${l.tooLong ?? ''}`);
    expect(lines).toEqual([`1:${MAX_LINE_CHARS}:`, '2:1:', '3:1:']);
  });
});

describe('XML', () => {
  const video = (id: number, title = `Title ${id}`) =>
    `<video><id>${id}</id><title>${title}</title><duration>60</duration><embed>https://embed.example.com/e/${id}</embed></video>\n`;

  it('rejects a <video> whose field passes 64 KB, across many text events, and reads the next one', async () => {
    const many = Array.from({ length: 20000 }, () => 'abcd&amp;').join('');
    const items = await collect(chunks(`<videos>\n${video(1)}${video(2, many)}${video(3)}</videos>`), options('kvs-xml'));
    expect(rejects(items)).toEqual(['3: title longer than 64 KB']);
    expect(ids(items)).toEqual(['1', '3']);
  });

  it('stops at a text longer than 1 MB, naming its line, instead of buffering it', async () => {
    const feed = `<videos>\n${video(1)}<video><id>2</id><title>${'z'.repeat(3 * MAX_LINE_CHARS)}`;
    await expect(collect(chunks(feed, 1 << 18), options('kvs-xml'))).rejects.toThrow(/^line 3: a text, tag or comment longer than 1 MB$/);
  });
});
