import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { reduceEmbed } from '@/lib/import/embed';
import { DEFAULT_KVS_COLUMNS, parseDuration, parsePostDate } from '@/lib/import/normalise';
import { parseFeed } from '@/lib/import/parse-feed';
import type { FeedFormat, FeedItem, ParseOptions } from '@/lib/import/types';

const FEEDS = path.join(__dirname, '../../fixtures/feeds');
const HOSTS = ['example.com'];

function options(format: FeedFormat, extra: Partial<ParseOptions> = {}): ParseOptions {
  return { format, columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: HOSTS, ...extra };
}

async function collect(input: Readable, o: ParseOptions): Promise<FeedItem[]> {
  const out: FeedItem[] = [];
  for await (const item of parseFeed(input, o)) out.push(item);
  return out;
}

const fromFile = (name: string, o: ParseOptions) => collect(fs.createReadStream(path.join(FEEDS, name)), o);
/** A stream cut into tiny chunks, so that records straddle chunk boundaries. */
const chunked = (text: string, size = 7) =>
  Readable.from(Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size)));

const rows = (items: FeedItem[]) => items.flatMap((i) => (i.row ? [i.row] : []));
const rejects = (items: FeedItem[]) => items.flatMap((i) => (i.reject ? [`${i.reject.line}: ${i.reject.reason}`] : []));

describe('KVS CSV', () => {
  it('reads the default columns and rejects bad rows with their line numbers', async () => {
    const items = await fromFile('kvs.csv', options('kvs-csv'));
    expect(rows(items).map((r) => r.externalId)).toEqual(['9001', '9002', '9003']);
    const first = rows(items)[0]!;
    expect(first).toMatchObject({
      line: 1,
      title: 'Quokka Island Morning Walk',
      dir: 'quokka-island-morning-walk',
      duration: 312,
      embedUrl: 'https://embed.example.com/embed/9001',
      thumbUrl: 'https://img.example.com/thumbs/9001.jpg',
      categories: ['Island Life', 'Nature Walks'],
      tags: ['quokka', 'island', 'sunrise'],
      postDate: Date.UTC(2024, 4, 1, 8) / 1000,
    });
    // No dir in the feed: derived from the title.
    expect(rows(items)[1]!.dir).toBe('zeppelin-hangar-tour');
    expect(rejects(items)).toEqual([
      '4: expected 13 columns, got 3',
      '5: duration "ten minutes" is not a number of seconds',
      '6: missing embed',
      '7: main_screenshot is not an http(s) URL',
      '8: HTML in title',
      '9: embed host evil.example.org is not in EMBED_HOSTS',
    ]);
  });

  it('takes another column order, separator, list separator and a header', async () => {
    const text = 'title;id;duration_hhmmss;embed;categories;pass\nHeader Row;x;y;z;w;v\nCanal Boat Trip;c1;01:02:03;https://embed.example.com/e/1;Boats/Canals;ignored\n';
    const items = await collect(
      chunked(text),
      options('kvs-csv', { columns: ['title', 'id', 'duration_hhmmss', 'embed', 'categories', 'pass'], separator: ';', listSeparator: '/', header: true }),
    );
    expect(rejects(items)).toEqual(['2: embed is not a URL']);
    expect(rows(items)).toEqual([
      expect.objectContaining({ line: 3, externalId: 'c1', title: 'Canal Boat Trip', duration: 3723, categories: ['Boats', 'Canals'] }),
    ]);
  });
});

describe('KVS JSON and XML', () => {
  it('streams a JSON array, with lists as arrays or text, across chunk boundaries', async () => {
    const text = fs.readFileSync(path.join(FEEDS, 'kvs.json'), 'utf8');
    const items = await collect(chunked(text, 5), options('kvs-json'));
    expect(rows(items).map((r) => [r.externalId, r.title, r.duration])).toEqual([
      ['9101', 'Origami Crane Folding', 425],
      ['9102', 'Kayak Glacier Paddle', 2465],
    ]);
    expect(rows(items)[0]).toMatchObject({ categories: ['Paper Crafts', 'Hobbies'], views: 1234, likes: 36, dislikes: 4, thumbs: ['https://img.example.com/thumbs/9101.jpg', 'https://img.example.com/thumbs/9101-2.jpg'] });
    expect(rows(items)[1]!.categories).toEqual(['Outdoors']);
    expect(rejects(items)).toEqual(['29: missing title']);
  });

  it('reads JSON lines too, and stops on a feed that is not JSON objects', async () => {
    const ok = await collect(chunked('{"id":"a","title":"Tide Pools","duration":60,"embed":"https://embed.example.com/a"}\n{"id":"b"'), options('kvs-json'));
    expect(rows(ok).map((r) => r.externalId)).toEqual(['a']);
    expect(rejects(ok)).toEqual(['2: the feed ends inside this object']);
    await expect(collect(chunked('nonsense'), options('kvs-json'))).rejects.toThrow('not an array of objects');
  });

  it('streams XML with nested lists, CDATA and escaped embeds', async () => {
    const text = fs.readFileSync(path.join(FEEDS, 'kvs.xml'), 'utf8');
    const items = await collect(chunked(text, 11), options('kvs-xml'));
    expect(rows(items).map((r) => [r.externalId, r.embedUrl, r.categories])).toEqual([
      ['9201', 'https://embed.example.com/embed/9201', ['Gardening', 'Hobbies']],
      ['9202', 'https://embed.example.com/embed/9202', ['Music Lessons']],
    ]);
    expect(rows(items)[0]!.description).toBe('Shaping a small juniper & caring for its roots.');
    expect(rejects(items)).toEqual(['24: duration "-5" is not a number of seconds']);
  });

  it('rejects markup inside an XML field other than the embed', async () => {
    const xml = '<videos><video><id>1</id><title>Plain <b>bold</b></title><duration>5</duration><embed>https://embed.example.com/1</embed></video></videos>';
    expect(rejects(await collect(chunked(xml), options('kvs-xml')))).toEqual(['1: HTML in title']);
    await expect(collect(chunked('<videos><video>'), options('kvs-xml'))).rejects.toThrow('not well-formed');
  });
});

describe("the tubes' dumps", () => {
  it('reads the pipe-separated dump: embed, thumbs, title, tags, categories, performers, duration, views, likes, dislikes', async () => {
    const items = await fromFile('pornhub.csv', options('pornhub'));
    expect(rows(items)[0]).toMatchObject({
      externalId: 'ph5f0a1',
      title: 'Lantern Festival Night Walk',
      embedUrl: 'https://embed.example.com/embed/ph5f0a1',
      thumbUrl: 'https://img.example.com/thumbs/ph5f0a1.jpg',
      thumbs: ['https://img.example.com/thumbs/ph5f0a1-1.jpg', 'https://img.example.com/thumbs/ph5f0a1-2.jpg'],
      tags: ['lantern', 'festival', 'night'],
      categories: ['Festivals', 'Street Scenes'],
      models: ['Sample Host'],
      duration: 605,
      views: 1500,
      likes: 90,
      dislikes: 10,
    });
    expect(rows(items)).toHaveLength(2);
    expect(rejects(items)).toEqual(['3: expected 11 to 14 columns, got 6']);
  });

  it('reads the semicolon-separated dump in its 7- and 15-column layouts', async () => {
    const items = await fromFile('xvideos.csv', options('xvideos'));
    expect(rows(items).map((r) => [r.externalId, r.duration, r.categories, r.tags])).toEqual([
      ['70001', 780, ['Glass Crafts'], ['glass', 'studio', 'craft']],
      ['70002', 1500, ['Glass Crafts'], ['pottery', 'clay', 'wheel']],
    ]);
    expect(rows(items)[1]).toMatchObject({ views: 4321, postDate: Date.UTC(2024, 7, 1) / 1000 });
    expect(rejects(items)).toEqual(['3: duration "abc sec" is not a number of seconds']);
  });
});

describe('field rules', () => {
  it('keeps only the src of an iframe on an allowed host', () => {
    expect(reduceEmbed('<iframe src="https://www.example.com/e/1?a=1&amp;b=2" onload="x()"></iframe><script>x</script>', HOSTS)).toEqual({ url: 'https://www.example.com/e/1?a=1&b=2' });
    expect(reduceEmbed('//embed.example.com/e/2', HOSTS)).toEqual({ url: 'https://embed.example.com/e/2' });
    expect(reduceEmbed('<iframe src="javascript:alert(1)"></iframe>', HOSTS).error).toBe('embed URL is not http(s)');
    expect(reduceEmbed('data:text/html,hi', HOSTS).error).toBe('embed URL is not http(s)');
    expect(reduceEmbed('https://example.com.evil.net/e', HOSTS).error).toMatch('not in EMBED_HOSTS');
    expect(reduceEmbed('https://notexample.com/e', HOSTS).error).toMatch('not in EMBED_HOSTS');
    expect(reduceEmbed('<div>no frame</div>', HOSTS).error).toBe('embed HTML has no <iframe src>');
  });

  it('parses durations and dates', () => {
    expect([parseDuration('75'), parseDuration('75 sec'), parseDuration('1:15'), parseDuration('01:01:15')]).toEqual([75, 75, 75, 3675]);
    expect([parseDuration('7.5'), parseDuration('-1'), parseDuration('1:75')]).toEqual([null, null, null]);
    expect(parsePostDate('2024-01-02 03:04:05')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5) / 1000);
    expect(parsePostDate('1700000000')).toBe(1700000000);
    expect(parsePostDate('yesterday')).toBeNull();
  });
});
