/**
 * Issue 26 end to end below the command: a KVS feed's models, channel, orientation and comments,
 * parsed on the worker thread as `npm run import` does, into a real SQLite catalogue; what the
 * site's source then answers; and the re-import rules (unchanged, an update when one of them
 * changes, as before for a feed without them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite/writer';
import { runImport } from '@/lib/import/run-import';
import type { ParseOptions } from '@/lib/import/types';
import { type Fixture, listQuery, openFixture } from '../catalog/helpers/catalog-fixture';

const COLUMNS = ['id', 'title', 'post_date', 'content_source', 'categories', 'duration', 'embed', 'models', 'orientation', 'comments'];
const PARSE: ParseOptions = { format: 'kvs-csv', columns: COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] };

const line = (id: string, channel: string, models: string, orientation: string, comments: string) =>
  `${id}|Tide Mill Visit ${id}|2024-05-01 08:00:00|${channel}|Mills|300|https://embed.example.com/e/${id}|${models}|${orientation}|${comments}`;

let fx: Fixture;
let n = 0;
beforeEach(() => {
  fx = openFixture(200);
});
afterEach(() => fx.close());

async function importFeed(lines: string[]) {
  const file = path.join(fx.dir, `feed-${n++}.csv`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return runImport({ stream: fs.createReadStream(file), size: null, bytesRead: () => 0 }, PARSE, new SqliteCatalogWriter(fx.db), {
    source: 'partner',
    deleteMissing: false,
    progressTo: null,
    parseInWorker: true,
  });
}

const idOf = (ext: string) => Number(fx.db.prepare("SELECT video_id FROM video_sources WHERE source = 'partner' AND external_id = ?").pluck().get(ext));
const ids = (r: unknown) => (r && typeof r === 'object' && 'videos' in r ? (r as { videos: { video_id: unknown }[] }).videos.map((v) => Number(v.video_id)) : []);

// The worker compiles its TypeScript on first start.
jest.setTimeout(60_000);

describe('a feed with models, channel, orientation and comments', () => {
  it('is stored as the site lists it: by channel, model and orientation, with the comments count', async () => {
    const first = await importFeed([
      line('1', 'Mill Stream Films', 'Model Alpha,Model Beta', 'gay', '14'),
      line('2', 'Mill Stream Films', 'Model Beta', 'Shemale', '0'),
      line('3', '', '', '', ''),
    ]);
    expect(first).toMatchObject({ added: 3, rejected: 0 });
    const [one, two, three] = ['1', '2', '3'].map(idOf);

    const detail = await fx.source.video(one!, 86400);
    expect('video' in detail && detail.video).toMatchObject({
      gender: 'gay',
      comments: 14,
      channel: { title: 'Mill Stream Films', dir: 'mill-stream-films' },
      models: [{ title: 'Model Alpha', dir: 'model-alpha' }, { title: 'Model Beta', dir: 'model-beta' }],
    });
    const plain = await fx.source.video(three!, 86400);
    expect('video' in plain && plain.video).toMatchObject({ gender: 'str', comments: 0, channel: null, models: [] });

    expect(ids(await fx.source.videos(listQuery({ section: 'channel', objectId: 'mill-stream-films', gender: 'gay' })))).toEqual([one]);
    expect(ids(await fx.source.videos(listQuery({ section: 'channel', objectId: 'mill-stream-films', gender: 'she' })))).toEqual([two]);
    expect(ids(await fx.source.videos(listQuery({ section: 'model', objectId: 'model-beta', gender: 'she' })))).toEqual([two]);
    // The straight listing holds the row without an orientation, not the gay or trans ones.
    const straight = ids(await fx.source.videos(listQuery({ count: 500 })));
    expect(straight).toContain(three);
    expect(straight).not.toContain(one);
    expect(straight).not.toContain(two);
  });

  it('re-imports unchanged, and as an update when its channel, models, orientation or comments change', async () => {
    const rows = [line('1', 'Mill Stream Films', 'Model Alpha', 'gay', '14'), line('2', '', '', '', '')];
    await importFeed(rows);
    expect(await importFeed(rows)).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    // Saying straight for a row that said nothing is the same row.
    expect(await importFeed([rows[0]!, line('2', '', '', 'straight', '0')])).toMatchObject({ updated: 0, unchanged: 2 });

    for (const changed of [
      line('1', 'Weir House Media', 'Model Alpha', 'gay', '14'),
      line('1', 'Weir House Media', 'Model Alpha,Model Gamma', 'gay', '14'),
      line('1', 'Weir House Media', 'Model Alpha,Model Gamma', 'she', '14'),
      line('1', 'Weir House Media', 'Model Alpha,Model Gamma', 'she', '15'),
    ]) {
      expect(await importFeed([changed, rows[1]!])).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    }
    const detail = await fx.source.video(idOf('1'), 86400);
    expect('video' in detail && detail.video).toMatchObject({
      gender: 'she',
      comments: 15,
      channel: { title: 'Weir House Media' },
      models: [{ title: 'Model Alpha' }, { title: 'Model Gamma' }],
    });
    expect(ids(await fx.source.videos(listQuery({ section: 'channel', objectId: 'mill-stream-films', gender: 'gay' })))).toEqual([]);
  });

  it('rejects a row whose orientation it does not know, storing the others', async () => {
    const s = await importFeed([line('1', '', '', 'gay', ''), line('2', '', '', 'unsure', '')]);
    expect(s).toMatchObject({ added: 1, rejected: 1 });
    expect(fx.db.prepare("SELECT count(*) FROM video_sources WHERE external_id = '2'").pluck().get()).toBe(0);
  });
});
