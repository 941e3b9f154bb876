/**
 * Issue 26: a feed's channel (KVS: content source), orientation and comments count, in every format
 * that carries them, and what a row holds when the feed says nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { computeRowHash } from '@/lib/catalog/row-hash';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { orientationFromCategories, orientationOf } from '@/lib/import/orientation';
import { parseFeed } from '@/lib/import/parse-feed';
import type { FeedFormat, FeedItem, ParseOptions } from '@/lib/import/types';

const FEEDS = path.join(__dirname, '../../fixtures/feeds');

function options(format: FeedFormat, extra: Partial<ParseOptions> = {}): ParseOptions {
  return { format, columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'], ...extra };
}

async function parse(text: string, o: ParseOptions): Promise<FeedItem[]> {
  const out: FeedItem[] = [];
  for await (const item of parseFeed(Readable.from([text]), o)) out.push(item);
  return out;
}

const rows = (items: FeedItem[]) => items.flatMap((i) => (i.row ? [i.row] : []));
const rejects = (items: FeedItem[]) => items.flatMap((i) => (i.reject ? [`${i.reject.line}: ${i.reject.reason}`] : []));
const content = (items: FeedItem[]) => rows(items).map((r) => [r.externalId, r.channel, r.orientation, r.comments]);

const CSV_COLUMNS = ['id', 'title', 'duration', 'embed', 'content_source', 'orientation', 'comments', 'models'];
const csvLine = (id: string, channel: string, orientation: string, comments: string, models = '') =>
  `${id}|Harbour Walk ${id}|60|https://embed.example.com/e/${id}|${channel}|${orientation}|${comments}|${models}`;

describe('KVS CSV', () => {
  it("stores the default columns' content source as the channel", async () => {
    const items = await parse(fs.readFileSync(path.join(FEEDS, 'kvs.csv'), 'utf8'), options('kvs-csv'));
    expect(content(items)).toEqual([
      ['9001', 'Sample Partner', undefined, undefined],
      ['9002', 'Sample Partner', undefined, undefined],
      ['9003', 'Sample Partner', undefined, undefined],
    ]);
  });

  it('reads content_source, orientation and comments columns, in any spelling of the orientation', async () => {
    const text = [
      csvLine('1', 'Harbour  Films', 'gay', '12', 'Model One,Model Two'),
      csvLine('2', '', 'Straight', '0'),
      csvLine('3', 'Lighthouse Media', 'SHEMALE', '1,204'),
      csvLine('4', '', 'trans', ''),
      csvLine('5', '', '', ''),
    ].join('\n');
    const items = await parse(text, options('kvs-csv', { columns: CSV_COLUMNS }));
    expect(rejects(items)).toEqual([]);
    expect(content(items)).toEqual([
      ['1', 'Harbour Films', 'gay', 12],
      ['2', undefined, undefined, undefined],
      ['3', 'Lighthouse Media', 'she', 1204],
      ['4', undefined, 'she', undefined],
      ['5', undefined, undefined, undefined],
    ]);
    expect(rows(items)[0]!.models).toEqual(['Model One', 'Model Two']);
  });

  it('rejects an orientation it does not know, naming it, and a channel that is markup or too long', async () => {
    const text = [
      csvLine('1', '', 'bisexual', '3'),
      csvLine('2', '<b>Films</b>', '', ''),
      csvLine('3', 'x'.repeat(101), '', ''),
      csvLine('4', 'Dock Studio', 'str', 'many'),
      csvLine('5', 'x'.repeat(100), 'gay', ''),
    ].join('\n');
    const items = await parse(text, options('kvs-csv', { columns: CSV_COLUMNS }));
    expect(rejects(items)).toEqual([
      '1: orientation "bisexual" is not one of str, straight, hetero, heterosexual, gay, she, shemale, trans, transgender, ts',
      '2: HTML in content_source',
      '3: content_source longer than 100 characters',
      '4: comments is not a number',
    ]);
    expect(content(items)).toEqual([['5', 'x'.repeat(100), 'gay', undefined]]);
  });

  it('takes channel, sponsor or paysite and gender as column names', async () => {
    const columns = ['id', 'title', 'duration', 'embed', 'sponsor', 'gender', 'comments'];
    const items = await parse('7|Pier Lights|60|https://embed.example.com/e/7|Pier Pictures|she|5', options('kvs-csv', { columns }));
    expect(content(items)).toEqual([['7', 'Pier Pictures', 'she', 5]]);
  });
});

describe('KVS JSON and XML', () => {
  it('reads JSON: content_source as text, a channel as the network gives it ({title, dir}), gender, comments_count', async () => {
    const text = JSON.stringify([
      { id: 1, title: 'Bay Sail', duration: 60, embed: 'https://embed.example.com/e/1', content_source: 'Bay Studio', gender: 'gay', comments: 3 },
      { id: 2, title: 'Reef Swim', duration: 60, embed: 'https://embed.example.com/e/2', channel: { title: 'Reef Channel', dir: 'reef-channel' }, comments_count: '8' },
      { id: 3, title: 'Cove Row', duration: 60, embed: 'https://embed.example.com/e/3', paysite: 'Cove Site', orientation: 'str', models: [{ title: 'Model Three' }] },
      { id: 4, title: 'Bad Kind', duration: 60, embed: 'https://embed.example.com/e/4', gender: 'unknown' },
    ]);
    const items = await parse(text, options('kvs-json'));
    expect(content(items)).toEqual([
      ['1', 'Bay Studio', 'gay', 3],
      ['2', 'Reef Channel', undefined, 8],
      ['3', 'Cove Site', undefined, undefined],
    ]);
    expect(rows(items)[2]!.models).toEqual(['Model Three']);
    expect(rejects(items)).toEqual([`1: gender "unknown" is not one of str, straight, hetero, heterosexual, gay, she, shemale, trans, transgender, ts`]);
  });

  it('reads XML: content_source, orientation and comments elements', async () => {
    const xml =
      '<videos><video><id>1</id><title>Dune Hike</title><duration>60</duration><embed>https://embed.example.com/e/1</embed>' +
      '<content_source>Dune Films</content_source><orientation>Transgender</orientation><comments>41</comments>' +
      '<models><model>Model Four</model></models></video></videos>';
    const items = await parse(xml, options('kvs-xml'));
    expect(content(items)).toEqual([['1', 'Dune Films', 'she', 41]]);
    expect(rows(items)[0]!.models).toEqual(['Model Four']);
  });
});

describe("the tubes' dumps", () => {
  const embed = (id: string) => `<iframe src="https://embed.example.com/embed/${id}"></iframe>`;

  it('pornhub: the orientation from its gay or trans category, none otherwise; no channel or comments', async () => {
    const line = (id: string, categories: string) =>
      `${embed(id)}|https://img.example.com/${id}.jpg||Title ${id}|tag|${categories}|Model|60|1|0|0`;
    const items = await parse([line('a', 'Gay;Outdoor'), line('b', 'Transgender'), line('c', 'Outdoor'), line('d', 'Gay;Transgender')].join('\n'), options('pornhub'));
    expect(content(items)).toEqual([
      ['a', undefined, 'gay', undefined],
      ['b', undefined, 'she', undefined],
      ['c', undefined, undefined, undefined],
      // Two sections at once say nothing certain: the default.
      ['d', undefined, undefined, undefined],
    ]);
    expect(rows(items)[0]!.categories).toEqual(['Gay', 'Outdoor']);
  });

  it('xvideos: the uploader of the 15-column export is the channel, its category sets the orientation', async () => {
    const line = (id: string, category: string, uploader: string) =>
      `https://www.example.com/video${id}/t;Title ${id};60 sec;https://img.example.com/${id}.jpg;${embed(id)};tag;Model;${id};${category};720P;${uploader};;2024-08-01;;5`;
    const items = await parse(
      [line('801', 'Shemale', 'Glass Studio'), line('802', 'Gay', ''), line('803', 'Crafts', 'Clay Works')].join('\n'),
      options('xvideos'),
    );
    expect(content(items)).toEqual([
      ['801', 'Glass Studio', 'she', undefined],
      ['802', undefined, 'gay', undefined],
      ['803', 'Clay Works', undefined, undefined],
    ]);
    const sample = await parse(fs.readFileSync(path.join(FEEDS, 'xvideos.csv'), 'utf8'), options('xvideos'));
    expect(content(sample)).toEqual([
      ['70001', undefined, undefined, undefined],
      ['70002', 'Sample Studio', undefined, undefined],
    ]);
  });
});

describe('what a row holds and its digest', () => {
  it('leaves out what the feed does not give, so that an older row digests as before; a change is a new digest', async () => {
    const o = options('kvs-csv', { columns: CSV_COLUMNS });
    const [bare] = rows(await parse(csvLine('1', '', '', ''), o));
    expect(Object.keys(bare!)).toEqual([
      'line', 'externalId', 'title', 'dir', 'description', 'postDate', 'duration', 'embedUrl', 'thumbUrl', 'thumbs',
      'previewUrl', 'categories', 'tags', 'models', 'views', 'likes', 'dislikes',
    ]);
    // Straight is the default: saying so is the same row.
    const [straight] = rows(await parse(csvLine('1', '', 'straight', '0'), o));
    expect(computeRowHash(straight!)).toBe(computeRowHash(bare!));
    const changed = await Promise.all([csvLine('1', 'Dock Studio', '', ''), csvLine('1', '', 'gay', ''), csvLine('1', '', '', '2'), csvLine('1', '', '', '', 'Model Five')].map((l) => parse(l, o)));
    const digests = new Set([bare!, ...changed.map((items) => rows(items)[0]!)].map(computeRowHash));
    expect(digests.size).toBe(5);
  });

  it('rejects a row whose player host is not allowed, saying which host', async () => {
    const items = await parse('1|Quay|60|https://player.other.example/e/1||||', options('kvs-csv', { columns: CSV_COLUMNS }));
    expect(items).toEqual([{ reject: { line: 1, reason: 'embed host player.other.example is not in EMBED_HOSTS', embedHost: 'player.other.example' } }]);
  });
});

describe('orientation spellings', () => {
  it('maps the spellings, case and spaces aside, and nothing else', () => {
    expect(['str', ' Straight ', 'HETERO', 'gay', 'she', 'Shemale', 'trans', 'TS'].map(orientationOf)).toEqual(['str', 'str', 'str', 'gay', 'she', 'she', 'she', 'she']);
    expect(['', 'lesbian', 'bi', 'm', '1'].map(orientationOf)).toEqual([null, null, null, null, null]);
    expect(orientationFromCategories(['Straight', 'Gay'])).toBe('gay');
    expect(orientationFromCategories(['Amateur'])).toBeUndefined();
  });
});
