/**
 * The upstream's model and channel indexes and its lists by model, channel and tag, read from the
 * recorded answers over real HTTP (the fixture server test:compat runs): asked in the network's
 * shapes, with the orientation, and passed on as the upstream sends them.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUpstreamSource } from '@/lib/upstream/source';
import { parseChannelsPath, parseModelsPath } from '@/lib/kvs/entity-params';
import { parseVideosPath } from '@/lib/kvs/route-params';
import { toVideoList } from '@/lib/kvs/reshape';
import type { EntitiesQuery, VideosQuery } from '@/lib/contract/source';
import fs from 'node:fs';
import path from 'node:path';

const recorded = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'tests', 'fixtures', 'upstream', name), 'utf8'));

let server: Server;
let origin: string;
const asked: string[] = [];

beforeAll(async () => {
  const { createFixtureServer } = await import('../../compat/upstream/fixture-server.mjs');
  server = createFixtureServer();
  server.prependListener('request', (req) => asked.push(req.url ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (asked.length = 0));

const source = () => createUpstreamSource({ origin, timeoutMs: 2000 });
function parsed<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new Error(r.message);
  return r.value;
}
const modelsQuery = (over: Record<string, string> = {}): EntitiesQuery =>
  parsed(parseModelsPath({ lifetime: '14400', gender: 'str', filt: 'filt..........', sort: 'title', count: '60', file: '1.json', ...over }));
const listQuery = (file: string, over: Record<string, string> = {}): VideosQuery =>
  parsed(parseVideosPath({ lifetime: '86400', gender: 'str', sort: 'latest-updates', count: '60', file, ...over }));

describe('the upstream\'s indexes', () => {
  it('passes the model index on as the network sends it (numbers as strings, toptn missing or keyed)', async () => {
    await expect(source().models!(modelsQuery())).resolves.toEqual(recorded('models.json'));
    expect(asked).toEqual(['/api/json/models/14400/str/filt........../title/60/1.json']);
  });

  it('asks with the canonical path whatever spelling the client sent, so one answer is kept', async () => {
    const s = source();
    await s.models!(modelsQuery({ sort: 'latest-updates', gender: 'gay', filt: 'filt.b.........' }));
    await s.models!(modelsQuery({ sort: 'newest', gender: 'gay', filt: 'filt.b.........' }));
    expect(asked).toEqual(['/api/json/models/14400/gay/filt.b........./newest/60/1.json']);
  });

  it('passes the channel index on, statistics missing or a string', async () => {
    const q = parsed(parseChannelsPath({ lifetime: '14400', gender: 'she', sort: 'count-videos-toptn', count: '30', file: '..1.json' }));
    await expect(source().channels!(q)).resolves.toEqual(recorded('channels.json'));
    expect(asked).toEqual(['/api/json/channels/14400/she/count-videos/30/..1.json']);
  });

  it('answers a page past the last with no entries and the total', async () => {
    await expect(source().models!(modelsQuery({ file: '2.json' }))).resolves.toEqual({ total_count: '4', models: [] });
  });

  it('refuses an answer without its list, rather than cache an empty index', async () => {
    // The fixture answers a videos2 path with a video list: no `channels` in it.
    const wrong = createUpstreamSource({ origin, timeoutMs: 2000, memoryCache: false });
    const q = parsed(parseChannelsPath({ lifetime: '14400', gender: 'str', sort: 'title', count: '60', file: '..1.json' }));
    server.prependOnceListener('request', (req) => (req.url = '/api/json/videos2/86400/str/latest-updates/60/..1.all...json'));
    await expect(wrong.channels!(q)).rejects.toMatchObject({ name: 'SourceError', kind: 'invalid-response' });
  });
});

describe('the upstream\'s lists by model, channel and tag', () => {
  it.each([
    ['models.ada-stone.1.all...json', '/model.ada-stone.1.all...json', 'videos-model.json', [101]],
    ['channel.fixture-studio.1.all...json', '/channel.fixture-studio.1.all...json', 'videos-channel.json', [110]],
    ['tags.boats.1.all...json', '/tag.boats.1.all...json', 'videos-tag.json', [101, 102]],
  ] as const)('%s: asked in the network\'s spelling with the orientation, its answer passed on', async (file, tail, fixture, ids) => {
    const raw = await source().videos(listQuery(file, { gender: 'gay' }));
    expect(asked).toEqual([`/api/json/videos2/86400/gay/latest-updates/60${tail}`]);
    expect(raw).toEqual(recorded(fixture));
    expect(toVideoList(raw).videos.map((v) => v.id)).toEqual(ids);
  });

  it('answers an unknown model with an empty list', async () => {
    const raw = await source().videos(listQuery('model.nobody.1.all...json'));
    expect(toVideoList(raw)).toEqual({ videos: [], total: 0 });
  });
});
