/**
 * Shared caches keep the site's API answers exactly as long as the path's lifetime says (docs/api.md,
 * "Cache lifetimes"): a wrong Cache-Control either hides new videos for too long or sends every
 * request to the catalogue.
 */
const base = process.env.CONTRACT_BASE_URL;
if (!base) throw new Error('CONTRACT_BASE_URL must name the running site (tests/e2e/run.mjs sets it)');

async function cacheControl(path: string): Promise<{ status: number; cc: string }> {
  const res = await fetch(new URL(path, base), { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, cc: res.headers.get('cache-control') ?? '' };
}

const sMaxAge = (cc: string) => Number(/s-maxage=(\d+)/.exec(cc)?.[1] ?? NaN);

describe('API Cache-Control follows the lifetime in the path', () => {
  it.each([
    ['/api/json/videos2/86400/str/latest-updates/60/..1.all...json', 86400],
    ['/api/json/videos2/3600/str/most-popular/30/..1.all..day.json', 3600],
    ['/api/json/main/14400/str.en.json', 14400],
    ['/api/json/categories/14400/str.toptn.en.json', 14400],
    ['/api/json/suggester/43200/1000.json', 43200],
  ])('%s', async (path, lifetime) => {
    const { status, cc } = await cacheControl(path);
    expect(status).toBe(200);
    expect(sMaxAge(cc)).toBe(lifetime);
    expect(cc).toMatch(/\bpublic\b/);
  });

  it('a video and its related list keep their own lifetimes', async () => {
    const list = (await (await fetch(new URL('/api/json/videos2/86400/str/latest-updates/60/..1.all...json', base))).json()) as {
      videos: { video_id: number | string }[];
    };
    const id = Number(list.videos[0]!.video_id);
    const million = Math.floor(id / 1_000_000) * 1_000_000;
    const thousand = Math.floor(id / 1000) * 1000;
    const video = await cacheControl(`/api/json/video/86400/${million}/${thousand}/${id}.json`);
    expect(video.status).toBe(200);
    expect(sMaxAge(video.cc)).toBe(86400);
    const related = await cacheControl(`/api/json/videos_related2/432000/10/${million}/${thousand}/${id}.all.1.json`);
    expect(related.status).toBe(200);
    expect(sMaxAge(related.cc)).toBe(432000);
  });

  it('a path asking for a year is kept no longer than the spec\'s lifetime of that path', async () => {
    const list = (await (await fetch(new URL('/api/json/videos2/86400/str/latest-updates/60/..1.all...json', base))).json()) as {
      videos: { video_id: number | string }[];
    };
    const id = Number(list.videos[0]!.video_id);
    const buckets = `${Math.floor(id / 1_000_000) * 1_000_000}/${Math.floor(id / 1000) * 1000}`;
    const YEAR = 31_536_000;
    const cases: [string, number][] = [
      [`/api/json/videos2/${YEAR}/str/latest-updates/60/..1.all...json`, 86400],
      [`/api/json/video/${YEAR}/${buckets}/${id}.json`, 86400],
      [`/api/json/videos_related2/${YEAR}/10/${buckets}/${id}.all.1.json`, 432000],
      [`/api/json/main/${YEAR}/str.en.json`, 14400],
      [`/api/json/suggester/${YEAR}/1000.json`, 43200],
      [`/api/json/categories/${YEAR}/str.toptn.en.json`, 14400],
      [`/api/videofile.php?video_id=${id}&lifetime=${YEAR}`, 864000],
    ];
    const got = await Promise.all(cases.map(async ([path]) => ({ path, ...(await cacheControl(path)) })));
    console.log(got.map((g) => `${g.path}: ${g.status} s-maxage=${sMaxAge(g.cc)}`).join('\n'));
    for (const [i, [, lifetime]] of cases.entries()) {
      expect([got[i]!.path, got[i]!.status]).toEqual([cases[i]![0], 200]);
      expect([got[i]!.path, sMaxAge(got[i]!.cc)]).toEqual([cases[i]![0], lifetime]);
    }
  });

  it('search is kept at most an hour whatever its params ask', async () => {
    const long = await cacheControl('/api/videos2.php?params=86400/str/relevance/60/search..1.all..&s=quiet');
    expect(long.status).toBe(200);
    expect(sMaxAge(long.cc)).toBe(3600);
    const short = await cacheControl('/api/videos2.php?params=600/str/relevance/60/search..1.all..&s=quiet');
    expect(sMaxAge(short.cc)).toBe(600);
  });

  it('errors and votes are never stored by a shared cache', async () => {
    const bad = await cacheControl('/api/json/videos2/86400/str/no-such-sort/60/..1.all...json');
    expect(bad.status).toBe(400);
    expect(bad.cc).toMatch(/no-store|private/);
    const missing = await cacheControl('/api/json/video/86400/0/999000/999999.json');
    expect(missing.status).toBe(404);
    // Short-lived: a scheduled video that goes live shows within minutes.
    expect(sMaxAge(missing.cc) || 0).toBeLessThanOrEqual(300);
  });
});
