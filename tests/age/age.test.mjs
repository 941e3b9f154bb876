/**
 * npm run test:age: AGE_POLICY on the built site over real HTTP and in Chromium, without the edge
 * (tests/edge/age-edge.test.mjs puts the shipped edge in front). One server, trusting the proxy in
 * front (TRUST_PROXY=1): the tests play that proxy and name the visitor's region in Cloudflare's
 * headers, as a CDN would.
 *
 * - a blocked region (US-TX) gets 451 from pages and the API, another state of the country does not;
 * - a verify region (GB) is refused thumbnails, previews, the player and its files without a pass;
 * - in Chromium, a visitor from GB first requests no thumbnail, preview or player, goes to the test
 *   provider and back, then sees and plays the site's media;
 * - the personal values typed at the test provider are found nowhere the site writes: the
 *   catalogue, the server's output, the page cache on disk and in Redis (a throwaway redis-server
 *   the server shares its page cache through: every key and value in it).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchChromium } from '../judges/browser.mjs';
import { freePort, freshCatalogEnv, root, startNext } from '../support/system/harness.mjs';
import { request } from '../support/system/http-client.mjs';
import { startRedis, stopRedis } from '../support/system/redis.mjs';
import { redisContents } from './redis-contents.mjs';
import { prepareSite } from '../support/system/suite.mjs';

const DIST = process.env.AGE_DIST_DIR || '.next-age';
const DB = 'data/age.db';
const POLICY = 'DE=confirm,GB=verify,US-TX=block';
const TEXAS = { 'cf-ipcountry': 'US', 'cf-region-code': 'TX' };
const CALIFORNIA = { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' };
const BRITAIN = { 'cf-ipcountry': 'GB' };
const GERMANY = { 'cf-ipcountry': 'DE' };
/** What the tester types at the test provider: values found nowhere else. */
const PERSONAL = { name: `Quillon Zephyrwood ${randomBytes(3).toString('hex')}`, birthdate: '1911-11-11', sub: `subject-${randomBytes(6).toString('hex')}` };
/** The requests a verify visitor must not make before the pass. */
const MEDIA = /^\/(?:media|demo|embed)\//;

/** @type {Awaited<ReturnType<typeof startNext>>} */
let site;
let output = '';
/** @type {Awaited<ReturnType<typeof startRedis>>} */
let redis;
let redisPort = 0;
const redisDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-age-redis-'));

before(async () => {
  redisPort = await freePort();
  redis = await startRedis(redisPort, redisDir);
  const env = freshCatalogEnv(DB, {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    NEXT_DIST_DIR: DIST,
    TRUST_PROXY: '1',
    AGE_POLICY: POLICY,
    AGE_PROVIDER: 'test',
    AGE_PROVIDER_TEST: '1',
    AGE_PASS_SECRET: randomBytes(32).toString('base64url'),
  });
  delete env.AGE_GATE_COUNTRIES;
  prepareSite(env);
  site = await startNext(await freePort(), env, { onOutput: (text) => (output += text) });
});

after(async () => {
  await site?.stop();
  if (redis) await stopRedis(redis);
  fs.rmSync(redisDir, { recursive: true, force: true });
});

/**
 * @param {string} pathname
 * @param {Record<string, string>} headers
 */
const get = (pathname, headers) => request(`${site.baseUrl}${pathname}`, { headers });

/** A video of the catalogue: its page, thumbnail and player. */
async function aVideo() {
  const res = await get('/api/json/videos2/86400/str/latest-updates/60/..1.all...json', GERMANY);
  const video = JSON.parse(res.text).videos[0];
  return { id: String(video.video_id), page: `/video/${video.video_id}/${video.dir}/`, thumb: new URL(video.scr, site.baseUrl).pathname };
}

test('a blocked region gets 451 from pages and the API, with a page that says why; another state does not', async () => {
  const { page } = await aVideo();
  for (const p of ['/', page, '/videos/latest-updates/1/']) {
    const blocked = await get(p, TEXAS);
    assert.equal(blocked.status, 451, p);
    assert.match(blocked.text, /Unavailable in your region/);
    assert.equal(blocked.headers['cache-control'], 'private, no-store');
    assert.equal((await get(p, CALIFORNIA)).status, 200, `${p} from California`);
  }
  const api = await get('/api/json/videos2/86400/str/latest-updates/60/..1.all...json', TEXAS);
  assert.equal(api.status, 451);
  assert.equal(JSON.parse(api.text).code, 'unavailable_for_legal_reasons');
  // The explanation stays open to the blocked region.
  const info = await get('/information/age-assurance/', TEXAS);
  assert.equal(info.status, 200);
  assert.match(info.text, /US-TX/);
});

test('a verify region is refused the media without a pass; other regions are not', async () => {
  const { id, thumb } = await aVideo();
  for (const p of [thumb, '/demo/preview.mp4', '/demo/clip.mp4', `/embed/${id}/`, `/api/videofile.php?video_id=${id}&lifetime=86400`]) {
    const refused = await get(p, BRITAIN);
    assert.equal(refused.status, 403, `${p} from GB`);
    assert.equal(refused.headers['cache-control'], 'private, no-store', p);
    assert.equal((await get(p, GERMANY)).status, 200, `${p} from DE`);
    assert.equal((await get(p, { ...BRITAIN, cookie: 'tf_age_pass=1.test.9999999999.forged; tf_age_until=9999999999' })).status, 403, `${p} with a forged pass`);
  }
});

describe('a visitor from a verify region, in Chromium', () => {
  /** @type {import('@playwright/test').Browser} */
  let browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser?.close());

  test('requests no media before the pass, checks at the test provider, comes back and uses the site', async () => {
    const { page: videoPage } = await aVideo();
    const context = await browser.newContext({ extraHTTPHeaders: BRITAIN });
    const page = await context.newPage();
    /** @type {{ path: string; status: number }[]} */
    const media = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (MEDIA.test(u.pathname) || ['image', 'media'].includes(r.request().resourceType())) media.push({ path: u.pathname, status: r.status() });
    });
    // What reached the network: a request the no-media policy stopped never does (it fails in
    // the browser), one that slipped through gets an answer (the server's 403 before the pass).
    /** @type {string[]} */
    const asked = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (MEDIA.test(u.pathname) || ['image', 'media'].includes(r.request().resourceType())) asked.push(`${u.pathname} (${r.status()})`);
    });

    // A first visit (no cookie: the country is asked), then a returning one (the cookies decide at once).
    for (const target of ['/', videoPage]) {
      await page.goto(`${site.baseUrl}${target}`, { waitUntil: 'networkidle' });
      await page.locator('[data-testid="agegate-verify"]').waitFor({ state: 'visible' });
      assert.equal(await page.locator('[data-testid="agegate-confirm"]').isVisible(), false, 'a click is not enough here');
      assert.deepEqual(asked, [], `requested before the pass on ${target}: ${asked.join(', ')}`);
    }
    // The confirm cookie of other regions lifts nothing here.
    await context.addCookies([{ name: '_agev', value: '1', url: site.baseUrl }]);
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('[data-testid="agegate-verify"]').waitFor({ state: 'visible' });
    assert.deepEqual(asked, []);

    await page.locator('[data-testid="agegate-verify"]').click();
    await page.waitForURL(/\/age\/test-provider\//);
    await page.fill('input[name="name"]', PERSONAL.name);
    await page.fill('input[name="birthdate"]', PERSONAL.birthdate);
    await page.fill('input[name="sub"]', PERSONAL.sub);
    await page.locator('[data-testid="test-provider-over18"]').click();
    // waitForURL waits for the load event; the gate is decided by the inline script before the
    // first paint. Not 'networkidle': with the pass the player streams its video, and on a loaded
    // machine the network may not fall quiet for 500 ms within the timeout.
    await page.waitForURL(`${site.baseUrl}${videoPage}`);
    assert.equal(await page.locator('[data-testid="agegate-verify"]').isVisible(), false, 'the gate is gone');

    const cookies = await context.cookies(site.baseUrl);
    const pass = cookies.find((c) => c.name === 'tf_age_pass');
    assert.ok(pass?.httpOnly, 'the pass is HttpOnly');
    assert.equal(pass.sameSite, 'Lax');
    assert.match(pass.value, /^1\.test\.\d+\.[A-Za-z0-9_-]+$/, 'the pass holds over-18, method, expiry and its signature only');
    assert.equal(await page.evaluate('document.cookie.includes("tf_age_pass")'), false, "the page's script cannot read it");

    // The player and the thumbnails now load, and the server serves them.
    const player = page.frameLocator('iframe').first();
    await player.locator('video').waitFor({ state: 'attached' });
    const thumb = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/media/thumbs/'));
    await page.goto(`${site.baseUrl}/`, { waitUntil: 'load' });
    await thumb;
    const thumbs = media.filter((m) => m.path.startsWith('/media/thumbs/'));
    assert.ok(thumbs.length > 0, 'thumbnails are requested after the pass');
    assert.deepEqual(media.filter((m) => m.status >= 400), [], 'no media refused after the pass');
    assert.ok(media.some((m) => m.path.startsWith('/embed/') && m.status === 200), 'the player was served');
    await context.close();
  });

  test('an under-18 answer gives no pass and the media stay refused', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: BRITAIN });
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/age/verify/?return=/`);
    await page.locator('[data-testid="test-provider-under18"]').click();
    await page.waitForURL(/\/age\/return\//);
    assert.match(await page.content(), /did not confirm that you are 18 or older/);
    assert.equal((await context.cookies(site.baseUrl)).some((c) => c.name === 'tf_age_pass'), false);
    await context.close();
  });

  test('nothing the tester typed is kept or logged: catalogue, server output, page cache on disk and in Redis', async () => {
    /** @param {string} dir @returns {string[]} */
    const files = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : []);
    const stores = [...[DB, `${DB}-wal`, `${DB}-shm`].map((f) => path.join(root, f)).filter((f) => fs.existsSync(f)), ...files(path.join(root, DIST, 'cache')), ...files(path.join(root, DIST, 'server', 'app'))];
    assert.ok(stores.length > 3, 'there is something to search');
    const inRedis = await redisContents(redisPort);
    assert.ok(inRedis.some((e) => e.name !== 'tubefront:tags' && e.name.startsWith('tubefront:')), `the page cache went to Redis: ${inRedis.map((e) => e.name).join(', ')}`);
    /** @type {string[]} */
    const found = [];
    for (const value of Object.values(PERSONAL)) {
      if (output.includes(value)) found.push(`${value} in the server's output`);
      for (const f of stores) if (fs.readFileSync(f).includes(value)) found.push(`${value} in ${path.relative(root, f)}`);
      for (const entry of inRedis) if (entry.texts.some((t) => t.includes(value))) found.push(`${value} in Redis key ${entry.name}`);
    }
    assert.deepEqual(found, []);
  });
});
