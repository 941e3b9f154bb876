/**
 * The model and channel indexes and the lists by model, channel, tag and orientation over real
 * HTTP against the built site on the embedded catalogue (docs/api.md): every sort and the
 * network's spellings of them, the letter filter, pagination, and a 400 with a message for every
 * bad parameter.
 */
export {};

const base = process.env.CONTRACT_BASE_URL;
if (!base) throw new Error('CONTRACT_BASE_URL must name the running site (tests/e2e/run.mjs sets it)');

type Json = Record<string, unknown>;
interface RawEntity {
  title: string;
  dir: string;
  statistics: { videos: number; viewed?: number };
  added_date?: string;
  scr?: string;
  toptn?: { scr: string }[];
}

async function get(path: string): Promise<{ status: number; body: Json; cacheControl: string }> {
  const res = await fetch(new URL(path, base), { redirect: 'manual' });
  return { status: res.status, body: (await res.json()) as Json, cacheControl: res.headers.get('cache-control') ?? '' };
}

const modelsPath = (sort: string, page = 1, filt = 'filt..........', count = 20, gender = 'str') => `/api/json/models/14400/${gender}/${filt}/${sort}/${count}/${page}.json`;
const channelsPath = (sort: string, page = 1, count = 20, gender = 'str') => `/api/json/channels/14400/${gender}/${sort}/${count}/..${page}.json`;

async function index(kind: 'models' | 'channels', path: string): Promise<{ entries: RawEntity[]; total: number }> {
  const r = await get(path);
  expect([path, r.status]).toEqual([path, 200]);
  expect(r.cacheControl).toMatch(/s-maxage=14400\b/);
  const entries = r.body[kind] as RawEntity[];
  expect(Array.isArray(entries)).toBe(true);
  return { entries, total: Number(r.body.total_count) };
}

const nonIncreasing = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! >= x);

describe.each([
  ['models', (sort: string, page?: number) => modelsPath(sort, page)],
  ['channels', (sort: string, page?: number) => channelsPath(sort, page)],
] as const)('the %s index', (kind, path) => {
  it('answers every sort with entries of the network\'s shape', async () => {
    for (const sort of ['title', 'count-videos', 'most-popular', 'newest']) {
      const { entries, total } = await index(kind, path(sort));
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(20);
      expect(total).toBeGreaterThanOrEqual(entries.length);
      for (const e of entries) {
        expect(e.title).toEqual(expect.any(String));
        expect(e.dir).toMatch(/^[a-z0-9][a-z0-9_-]*$/i);
        expect(Number(e.statistics.videos)).toBeGreaterThan(0);
      }
    }
  });

  it('orders as each sort says', async () => {
    const byCount = (await index(kind, path('count-videos'))).entries.map((e) => Number(e.statistics.videos));
    expect(nonIncreasing(byCount)).toBe(true);
    const byViews = (await index(kind, path('most-popular'))).entries.map((e) => Number(e.statistics.viewed ?? 0));
    expect(nonIncreasing(byViews)).toBe(true);
    const byDate = (await index(kind, path('newest'))).entries.map((e) => Date.parse(`${String(e.added_date).replace(' ', 'T')}Z`));
    expect(byDate.every(Number.isFinite)).toBe(true);
    expect(nonIncreasing(byDate)).toBe(true);
    const titles = (await index(kind, path('title'))).entries.map((e) => e.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('answers the network\'s spellings of a sort as that sort', async () => {
    for (const [alias, sort] of [['count-videos-toptn', 'count-videos'], ['most-viewed', 'most-popular'], ['latest-updates', 'newest']] as const) {
      expect((await get(path(alias))).body).toEqual((await get(path(sort))).body);
    }
  });

  it('pages through the index without repeating an entry, and past the last with none', async () => {
    const first = await index(kind, path('title', 1));
    const second = await index(kind, path('title', 2));
    if (first.total > 20) {
      expect(second.entries.length).toBeGreaterThan(0);
      const dirs = new Set(first.entries.map((e) => e.dir));
      expect(second.entries.filter((e) => dirs.has(e.dir))).toEqual([]);
    }
    const past = await index(kind, path('title', Math.ceil(first.total / 20) + 1));
    expect(past.entries).toEqual([]);
    expect(past.total).toBe(first.total);
  });
});

describe('the model index\'s letter filter', () => {
  it('lists only names that start with the letter, 0 those that start otherwise, and the letters share out the index', async () => {
    const all = await index('models', modelsPath('title'));
    let shared = 0;
    for (const letter of [...'abcdefghijklmnopqrstuvwxyz', '0']) {
      const some = await index('models', modelsPath('title', 1, `filt.${letter}.........`));
      const starts = (e: RawEntity) => (letter === '0' ? !/^[a-z]/i.test(e.title) : e.title.toLowerCase().startsWith(letter));
      expect([letter, some.entries.filter((e) => !starts(e))]).toEqual([letter, []]);
      shared += some.total;
    }
    expect(shared).toBe(all.total);
  });
});

describe('lists by model, channel and tag', () => {
  it.each([
    ['model', 'models'],
    ['models', 'models'],
    ['channel', 'channels'],
    ['channels', 'channels'],
  ] as const)('section %s lists the videos of the index\'s first entry, with that entry', async (section, kind) => {
    const [first] = (await index(kind, kind === 'models' ? modelsPath('count-videos') : channelsPath('count-videos'))).entries;
    const r = await get(`/api/json/videos2/86400/str/latest-updates/60/${section}.${first!.dir}.1.all...json`);
    expect(r.status).toBe(200);
    expect((r.body.videos as unknown[]).length).toBeGreaterThan(0);
    expect(Number(r.body.total_count)).toBe(Number(first!.statistics.videos));
    expect((r.body[kind] as RawEntity[])[0]).toMatchObject({ dir: first!.dir, title: first!.title });
  });

  it('lists a tag\'s videos from a video\'s tags', async () => {
    const list = await get('/api/json/videos2/86400/str/latest-updates/1/..1.all...json');
    const id = Number((list.body.videos as Json[])[0]!.video_id);
    const video = (await get(`/api/json/video/86400/${Math.floor(id / 1e6) * 1e6}/${Math.floor(id / 1e3) * 1e3}/${id}.json`)).body.video as Json;
    const tag = (video.tags as { dir: string }[])[0]!;
    for (const section of ['tag', 'tags']) {
      const r = await get(`/api/json/videos2/86400/str/latest-updates/60/${section}.${tag.dir}.1.all...json`);
      expect(r.status).toBe(200);
      expect((r.body.videos as Json[]).map((v) => Number(v.video_id))).toContain(id);
    }
  });

  it('answers an unknown model with an empty list, not an error', async () => {
    const r = await get('/api/json/videos2/86400/str/latest-updates/60/model.no-such-model-here.1.all...json');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ videos: [], total_count: 0 });
  });
});

describe('orientation', () => {
  it('lists only the videos of the orientation asked for', async () => {
    for (const gender of ['str', 'gay', 'she']) {
      const r = await get(`/api/json/videos2/86400/${gender}/latest-updates/60/..1.all...json`);
      expect(r.status).toBe(200);
      const videos = r.body.videos as Json[];
      expect(videos.length).toBeGreaterThan(0);
      expect(videos.every((v) => v.gender === gender)).toBe(true);
    }
  });
});

describe('the categories\' sections', () => {
  it('answers recent, and the network\'s all and short file name as toptn', async () => {
    const toptn = await get('/api/json/categories/14400/str.toptn.en.json');
    expect(toptn.status).toBe(200);
    expect((await get('/api/json/categories/14400/str.all.en.json')).body).toEqual(toptn.body);
    expect((await get('/api/json/categories/14400/str.all.json')).body).toEqual(toptn.body);
    const recent = await get('/api/json/categories/14400/str.recent.en.json');
    expect(recent.status).toBe(200);
    expect((recent.body.categories as unknown[]).length).toBe((toptn.body.categories as unknown[]).length);
  });
});

describe('bad parameters', () => {
  it.each([
    modelsPath('title', 1, 'filt.a..x.......'),
    modelsPath('title', 1, 'filt.A.........'),
    modelsPath('title', 1, 'filt.........'),
    modelsPath('title', 1, 'filter..........'),
    modelsPath('random'),
    modelsPath('title', 0),
    modelsPath('title', 1, 'filt..........', 0),
    modelsPath('title', 1, 'filt..........', 20, 'all'),
    '/api/json/models/14400/str/filt........../title/20/1.jsn',
    channelsPath('random'),
    channelsPath('title', 0),
    '/api/json/channels/14400/str/title/20/1.json',
    '/api/json/channels/-1/str/title/20/..1.json',
    '/api/json/videos2/86400/str/latest-updates/60/model..1.all...json',
    '/api/json/videos2/86400/str/latest-updates/60/performer.x.1.all...json',
    '/api/json/videos2/86400/all/latest-updates/60/..1.all...json',
    '/api/json/categories/14400/str.toptn.json',
    '/api/json/categories/14400/str.count.en.json',
  ])('%s: 400 with a message', async (path) => {
    const r = await get(path);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 1, code: 'bad_request' });
    expect(String(r.body.message).length).toBeGreaterThan(10);
    expect(r.cacheControl).toBe('no-store');
  });
});
