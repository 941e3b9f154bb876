/**
 * The site's API in front of the network's recorded answers (tests/compat/run.mjs starts both):
 * the model and channel indexes, lists by model, channel and tag, and the categories' other
 * sections are asked of the upstream in the network's shapes and answered as it sent them (its
 * media URLs too: they are the upstream's own); bad parameters get a 400 before any request.
 */
import fs from 'node:fs';
import path from 'node:path';

const site = process.env.COMPAT_UPSTREAM_SITE_URL;
if (!site) throw new Error('COMPAT_UPSTREAM_SITE_URL must be set (tests/compat/run.mjs sets it)');

const recorded = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'tests', 'fixtures', 'upstream', name), 'utf8'));

async function get(p: string): Promise<{ status: number; body: Record<string, unknown>; cacheControl: string }> {
  const res = await fetch(`${site}${p}`, { redirect: 'manual' });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cacheControl: res.headers.get('cache-control') ?? '' };
}

describe('the API in upstream mode', () => {
  it.each([
    ['/api/json/models/14400/str/filt........../title/60/1.json', 'models.json'],
    ['/api/json/models/14400/gay/filt.a........./count-videos-toptn/60/1.json', 'models.json'],
    ['/api/json/channels/14400/she/latest-updates/30/..1.json', 'channels.json'],
    ['/api/json/videos2/86400/gay/latest-updates/60/models.ada-stone.1.all...json', 'videos-model.json'],
    ['/api/json/videos2/86400/str/top-rated/60/channel.fixture-studio.1.all...json', 'videos-channel.json'],
    ['/api/json/videos2/86400/she/most-viewed/60/tags.boats.1.all.1.week.json', 'videos-tag.json'],
    ['/api/json/categories/14400/str.all.json', 'categories.json'],
    ['/api/json/categories/14400/gay.recent.en.json', 'categories.json'],
  ])('%s answers the upstream\'s %s as it came, shared-cacheable', async (p, fixture) => {
    const r = await get(p);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(recorded(fixture));
    expect(r.cacheControl).toMatch(/\bs-maxage=\d+/);
  });

  it.each([
    ['/api/json/models/14400/str/filt.a..x......./title/60/1.json', 'filter fields must be empty'],
    ['/api/json/models/14400/str/filt.A........./title/60/1.json', 'letter'],
    ['/api/json/models/14400/str/filt........../random/60/1.json', 'sort must be one of'],
    ['/api/json/channels/14400/all/title/60/..1.json', 'gender'],
    ['/api/json/channels/14400/str/title/60/1.json', '..{page}.json'],
    ['/api/json/videos2/86400/str/latest-updates/60/model..1.all...json', 'object_id is required'],
    ['/api/json/categories/14400/str.toptn.json', '{gender}.all.json'],
  ])('%s is a 400 with a message', async (p, says) => {
    const r = await get(p);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 1, code: 'bad_request' });
    expect(String(r.body.message)).toContain(says);
  });
});
