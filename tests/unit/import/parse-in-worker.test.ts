import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { parseFeed } from '@/lib/import/parse-feed';
import { openFeed } from '@/lib/import/open-input';
import { parseFeedBatchesInWorker } from '@/lib/import/parse-in-worker';
import { computeRowHash, rowHash } from '@/lib/catalog/row-hash';
import { decodeItems, encodeItems } from '@/lib/import/row-wire';
import type { FeedRow } from '@/lib/catalog/feed-row';
import type { FeedFormat, FeedItem, ParseOptions } from '@/lib/import/types';

const FEEDS = path.join(__dirname, '../../fixtures/feeds');

function options(format: FeedFormat): ParseOptions {
  return { format, columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] };
}

async function inThread(input: Readable, o: ParseOptions): Promise<FeedItem[]> {
  const out: FeedItem[] = [];
  for await (const item of parseFeed(input, o)) out.push(item);
  return out;
}

async function inWorker(input: Readable, o: ParseOptions): Promise<FeedItem[]> {
  const out: FeedItem[] = [];
  for await (const items of parseFeedBatchesInWorker(input, o)) out.push(...items);
  return out;
}

// The worker compiles its TypeScript on first start.
jest.setTimeout(60_000);

describe('parsing on a worker thread', () => {
  it.each([
    ['kvs.csv', 'kvs-csv'],
    ['kvs.json', 'kvs-json'],
    ['kvs.xml', 'kvs-xml'],
    ['pornhub.csv', 'pornhub'],
    ['xvideos.csv', 'xvideos'],
  ] as [string, FeedFormat][])('gives the same items as in-thread for %s, each row with its digest', async (name, format) => {
    const file = path.join(FEEDS, name);
    const expected = await inThread(fs.createReadStream(file), options(format));
    const got = await inWorker(fs.createReadStream(file), options(format));
    expect(got).toEqual(expected);
    // Same key order too: the digest is of the row's JSON.
    expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
    const rows = got.flatMap((item) => (item.row ? [item.row] : []));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(rowHash(row)).toBe(computeRowHash(row));
  });

  it('reads a feed file on the worker itself, counts its bytes for progress, and leaves closing it to the input', async () => {
    const file = path.join(FEEDS, 'kvs.csv');
    const expected = await inThread(fs.createReadStream(file), options('kvs-csv'));
    const input = await openFeed(file);
    const got: FeedItem[] = [];
    for await (const items of parseFeedBatchesInWorker(input, options('kvs-csv'))) got.push(...items);
    expect(got).toEqual(expected);
    expect(input.bytesRead()).toBe(fs.statSync(file).size);
    // The worker has stopped and the file is still open: the input closes it.
    expect(() => fs.fstatSync(input.file!.fd)).not.toThrow();
    input.close!();
    expect(() => fs.fstatSync(input.file!.fd)).toThrow(/EBADF/);
    input.close!();
  });

  it('throws the input error after the rows read before it', async () => {
    const line = (i: number) =>
      `${i}|Title ${i}||Text|2024-05-01 12:00:00|s|||Cat||300|<iframe src="https://embed.example.com/e/${i}"></iframe>|\n`;
    const input = new Readable({ read() {} });
    input.push(line(1) + line(2));
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const items of parseFeedBatchesInWorker(input, options('kvs-csv'))) {
          for (const i of items) seen.push(i.row!.externalId);
          // The feed breaks off once its first lines went through.
          input.destroy(new Error('connection reset'));
        }
      })(),
    ).rejects.toThrow('connection reset');
    expect(seen).toEqual(['1', '2']);
  });
});

describe('row wire format', () => {
  const row = (over: Partial<FeedRow>): FeedRow => ({
    line: 3, externalId: 'x1', title: 'Ünïcode title', dir: 'unicode-title', description: '', postDate: null, duration: 61,
    embedUrl: 'https://e.example.com/1', thumbUrl: null, thumbs: [], previewUrl: null, categories: ['A', 'B c'], tags: [],
    models: ['m'], views: 12, likes: 0, dislikes: 3, ...over,
  });

  it('round-trips rows and rejections in feed order', () => {
    const items: FeedItem[] = [
      { reject: { line: 1, reason: 'missing title' } },
      { row: row({}) },
      { reject: { line: 4, reason: 'expected 13 columns, got 2' } },
      { reject: { line: 5, reason: 'missing embed' } },
      { row: row({ line: 6, postDate: 1714564800, thumbUrl: 'https://i.example.com/a.jpg', thumbs: ['https://i.example.com/a.jpg'], previewUrl: 'https://p.example.com/v.mp4' }) },
      { reject: { line: 7, reason: 'missing id' } },
      { row: row({ line: 8, channel: 'Harbour Films', orientation: 'gay', comments: 17 }) },
      { row: row({ line: 9, orientation: 'she' }) },
      { row: row({ line: 10, channel: 'Ünïcode Channel', comments: 1 }) },
      { reject: { line: 11, reason: 'embed host player.other.example is not in EMBED_HOSTS', embedHost: 'player.other.example' } },
    ];
    const hashes = new Map<FeedRow, string>();
    const decoded = decodeItems(encodeItems(items, computeRowHash), (r, h) => hashes.set(r, h));
    expect(JSON.stringify(decoded)).toBe(JSON.stringify(items));
    for (const [r, h] of hashes) expect(h).toBe(computeRowHash(r));
    expect(decodeItems(encodeItems([items[0]!], computeRowHash), () => {})).toEqual([items[0]]);
    expect(decodeItems(encodeItems([], computeRowHash), () => {})).toEqual([]);
  });

  it('sends a batch whose text holds a separator as objects', () => {
    const items: FeedItem[] = [{ row: row({ description: 'a\u001fb' }) }];
    const batch = encodeItems(items, computeRowHash);
    expect(batch.items).toBeDefined();
    expect(decodeItems(batch, () => {})).toEqual(items);
  });
});

describe('row wire format: channel, orientation and comments', () => {
  it('keeps a field the row leaves out left out, so that its digest stays the one of the row parsed', () => {
    const base: FeedRow = {
      line: 2, externalId: 'c1', title: 'Canal Walk', dir: 'canal-walk', description: '', postDate: null, duration: 30,
      embedUrl: 'https://e.example.com/c1', thumbUrl: null, thumbs: [], previewUrl: null, categories: [], tags: [], models: [],
      views: 0, likes: 0, dislikes: 0,
    };
    const [plain, full] = decodeItems(
      encodeItems([{ row: base }, { row: { ...base, line: 3, channel: 'Canal Studio', orientation: 'gay', comments: 4 } }], computeRowHash),
      () => {},
    );
    expect(Object.keys(plain!.row!)).not.toEqual(expect.arrayContaining(['channel']));
    expect(plain!.row).toEqual(base);
    expect(full!.row).toMatchObject({ channel: 'Canal Studio', orientation: 'gay', comments: 4 });
    expect(computeRowHash(plain!.row!)).toBe(computeRowHash(base));
  });
});
