#!/usr/bin/env node
/**
 * npm run test:import: partner-feed import and takedowns, end to end, on a real catalogue file and
 * a running `next start`:
 *  1. warms the site's caches (pages, sitemap, API), then imports the sample feed of every format
 *     from tests/fixtures/feeds with the commands of docs/import.md (the xvideos dump over HTTP from a local
 *     server), a second run that adds nothing, and unreadable inputs that change nothing;
 *  2. Playwright: the imported videos show with their feed thumbnails and their player;
 *  3. a takedown with the CLI: the video page, its category listing, search, the sitemap and the
 *     API stop showing it (the seconds it took are printed), then Playwright checks the browser;
 *  4. --delete-missing removes what a shorter feed no longer lists;
 *  5. a video imported with a post date seconds ahead goes live on its own: the cached listing,
 *     search and the API list it at its post date (the server's publish clock).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildOrPrepare, freePort, freshCatalogEnv, npx, root, run, runMain, runNpmScript as cli, startNext } from '../tests/support/system/harness.mjs';

const FEEDS = path.join(root, 'tests/fixtures/feeds');
let failures = 0;

/**
 * @param {boolean} ok
 * @param {string} what
 */
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}


/**
 * The feeds of tests/fixtures/feeds over HTTP on 127.0.0.1:`port`, by file name.
 * @param {number} port
 * @returns {Promise<http.Server>}
 */
function serveFeeds(port) {
  const server = http.createServer((req, res) => {
    const name = path.basename(decodeURIComponent(new URL(/** @type {string} */ (req.url), 'http://x').pathname));
    const file = path.join(FEEDS, name);
    if (!name || !fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** @param {string} url */
async function text(url) {
  const res = await fetch(url, { redirect: 'follow' });
  return { status: res.status, body: await res.text() };
}

/**
 * What a visitor, a crawler and an API client see of one video.
 * @param {string} base
 * @param {number} id
 * @param {string} dir the video page's slug
 */
async function visibility(base, id, dir) {
  const [video, category, search, sitemap, api] = await Promise.all([
    text(`${base}/video/${id}/${dir}/`),
    text(`${base}/categories/island-life/latest-updates/1/`),
    text(`${base}/search/1/?s=quokka`),
    text(`${base}/sitemaps/videos-1.xml`),
    text(`${base}/api/json/video/86400/0/${Math.floor(id / 1000) * 1000}/${id}.json`),
  ]);
  const url = `/video/${id}/${dir}/`;
  return {
    page: video.status === 200 && video.body.includes('Quokka Island Morning Walk'),
    category: category.body.includes(url),
    search: search.body.includes(url),
    sitemap: sitemap.body.includes(url),
    api: api.status === 200 && api.body.includes('"video_id":' + id),
  };
}

/** @param {Record<string, boolean>} v */
const anyVisible = (v) => Object.values(v).some(Boolean);

/**
 * The catalogue-change endpoint on the SQLite catalogue, over HTTP: the secret the tools read from
 * the catalogue's meta table is taken, a wrong one (the same length, one character changed) or
 * none is refused with 403 and purges nothing. tests/pg/change-endpoint.test.ts checks PostgreSQL.
 * @param {string} base
 * @param {string} databasePath
 * @param {number} id
 */
async function checkChangeSecret(base, databasePath, id) {
  const db = new Database(path.resolve(root, databasePath), { readonly: true, fileMustExist: true });
  const secret = db.prepare("SELECT value FROM meta WHERE key = 'revalidate_secret'").pluck().get();
  db.close();
  check(typeof secret === 'string' && secret.length > 0, 'the imports left their change secret in the catalogue');
  if (typeof secret !== 'string' || !secret) return;
  const wrongSecret = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
  const listing = `${base}/videos/latest-updates/1/`;
  const cached = async () => (await fetch(listing)).headers.get('x-nextjs-cache');
  // The imports purged it: wait until it is cached again (regenerated after a first visit).
  let before = await cached();
  for (const until = Date.now() + 60_000; before !== 'HIT' && Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 250));
    before = await cached();
  }
  check(before === 'HIT', `the listing is cached before the refused changes (${before})`);
  /** @param {Record<string, string>} headers */
  const post = async (headers) => {
    const res = await fetch(`${base}/api/internal/catalog-changed/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ reason: 'takedown', videoIds: [id] }),
    });
    return { status: res.status, body: await res.text() };
  };
  const none = await post({});
  const wrong = await post({ 'x-catalog-secret': wrongSecret });
  const forbidden = JSON.stringify({ error: 1, code: 'forbidden' });
  check(none.status === 403 && none.body === forbidden && wrong.status === 403 && wrong.body === forbidden, `a change without the secret, or with a wrong one, is refused with 403 (${none.status} ${none.body}, ${wrong.status} ${wrong.body})`);
  const after = await cached();
  check(after === 'HIT', `a refused change purges nothing: the cached listing is still a HIT (${after})`);
  const right = await post({ 'x-catalog-secret': secret });
  check(right.status === 200, `the same change with the catalogue's secret is taken (${right.status} ${right.body})`);
}

runMain('test:import', async () => {
  const databasePath = process.env.DATABASE_PATH || 'data/e2e-import.db';
  const env0 = freshCatalogEnv(databasePath, { EMBED_HOSTS: 'example.com', IMG_HOSTS: 'img.example.com' });
  const built = buildOrPrepare(env0);
  if (built !== 0) return built;
  const server = await startNext(await freePort(), env0);
  // The catalogue tools tell this server what they changed.
  const env = { ...env0, REVALIDATE_URLS: server.baseUrl };
  const feeds = await serveFeeds(0);
  const feedPort = /** @type {import('node:net').AddressInfo} */ (feeds.address()).port;
  try {
    const base = server.baseUrl;
    // Warm every cache a takedown has to reach.
    for (const p of ['/', '/categories/', '/videos/latest-updates/1/', '/sitemap.xml', '/sitemaps/videos-1.xml', '/search/1/?s=quokka']) await text(base + p);

    /** @type {[string[], string][]} the arguments and what the output says */
    const runs = [
      [['import', '--', 'tests/fixtures/feeds/kvs.csv'], 'added 3, updated 0, unchanged 0, rejected 6'],
      [['import', '--', 'tests/fixtures/feeds/kvs.json'], 'added 2, updated 0, unchanged 0, rejected 1'],
      [['import', '--', 'tests/fixtures/feeds/kvs.xml'], 'added 2, updated 0, unchanged 0, rejected 1'],
      [['import', '--', 'tests/fixtures/feeds/pornhub.csv', '--format', 'pornhub'], 'added 2, updated 0, unchanged 0, rejected 1'],
      [['import', '--', `http://127.0.0.1:${feedPort}/xvideos.csv`, '--format', 'xvideos'], 'added 2, updated 0, unchanged 0, rejected 1'],
      [['import', '--', 'tests/fixtures/feeds/kvs.csv'], 'added 0, updated 0, unchanged 3, rejected 6'],
    ];
    for (const [args, expected] of runs) {
      const r = await cli(env, args);
      check(r.code === 0 && r.out.includes(expected), `${args.slice(2).join(' ')}: ${expected}`);
    }
    const kvsRun = await cli(env, ['import', '--', 'tests/fixtures/feeds/kvs.csv']);
    check(/line 4: rejected: expected 13 columns, got 3/.test(kvsRun.out) && /line 9: rejected: embed host evil\.example\.org/.test(kvsRun.out), 'rejected rows are listed with line numbers and reasons');
    const missingFile = await cli(env, ['import', '--', 'tests/fixtures/feeds/no-such-feed.csv']);
    check(missingFile.code === 1 && /cannot read .*no such file; nothing was changed/.test(missingFile.out), 'a missing file stops with one line, exit 1');
    const missingUrl = await cli(env, ['import', '--', `http://127.0.0.1:${feedPort}/gone.csv`]);
    check(missingUrl.code === 1 && /HTTP 404; nothing was changed/.test(missingUrl.out), 'a URL answering 404 stops with one line, exit 1');

    const api = JSON.parse((await text(`${base}/api/videos2.php?params=86400/str/relevance/60/search..1.all..&s=quokka`)).body);
    const video = api.videos?.find((/** @type {{ title: string }} */ v) => v.title === 'Quokka Island Morning Walk');
    check(Boolean(video), 'the API finds the imported video');
    if (!video) return 1;
    const id = Number(video.video_id);
    check(video.scr === 'https://img.example.com/thumbs/9001.jpg', 'the API gives the feed thumbnail');
    await checkChangeSecret(base, databasePath, id);
    const before = await visibility(base, id, video.dir);
    check(Object.values(before).every(Boolean), `before the takedown every surface shows it: ${JSON.stringify(before)}`);

    const browser = run(npx, ['playwright', 'test', '--project=import-imported'], { ...env, BASE_URL: base });
    check(browser === 0, 'browser: imported videos with thumbnails and player');

    const started = Date.now();
    const removal = await cli(env, ['catalog', '--', 'remove', String(id)]);
    check(removal.code === 0 && removal.out.includes(`removed video ${id}`) && removal.out.includes('pages purged'), 'catalog remove reports the removal and the purge');
    let after = await visibility(base, id, video.dir);
    console.log(`first look after the CLI (${((Date.now() - started) / 1000).toFixed(1)} s): ${JSON.stringify(after)}`);
    while (anyVisible(after) && Date.now() - started < 60_000) {
      await new Promise((r) => setTimeout(r, 250));
      after = await visibility(base, id, video.dir);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`takedown: gone from every surface ${seconds.toFixed(1)} s after the CLI started`);
    check(!anyVisible(after), `after the takedown nothing shows it: ${JSON.stringify(after)}`);
    const status = await fetch(`${base}/video/${id}/${video.dir}/`, { redirect: 'manual' });
    check([404, 410, 307, 308].includes(status.status), `the video page answers ${status.status}`);
    const browser2 = run(npx, ['playwright', 'test', '--project=import-removed'], { ...env, BASE_URL: base, REMOVED_ID: String(id) });
    check(browser2 === 0, 'browser: the taken-down video is gone');

    const again = await cli(env, ['import', '--', 'tests/fixtures/feeds/kvs.csv']);
    check(again.out.includes('added 0') && again.out.includes('kept down 1'), 'a re-import keeps the taken-down video down');

    const shorter = path.join(root, 'data', 'e2e-import-short.csv');
    fs.writeFileSync(shorter, fs.readFileSync(path.join(FEEDS, 'kvs.csv'), 'utf8').split('\n').filter((l) => l.startsWith('9002|')).join('\n'));
    const del = await cli(env, ['import', '--', shorter, '--source', 'kvs.csv', '--delete-missing']);
    check(del.code === 0 && del.out.includes('unchanged 1') && del.out.includes('removed 1'), '--delete-missing removes what the feed no longer lists');
    const marimba = await text(`${base}/search/1/?s=marimba`);
    check(!marimba.body.includes('Marimba Practice Session'), 'the video the feed dropped has left search');

    // A scheduled video goes live on its own, without a restart or a tool: the cached listing,
    // search and the API show it within seconds of its post_date (the server's publish clock).
    const at = Math.floor(Date.now() / 1000) + 12;
    const scheduled = path.join(root, 'data', 'e2e-import-scheduled.csv');
    const when = new Date(at * 1000).toISOString().slice(0, 19).replace('T', ' ');
    fs.writeFileSync(scheduled, `9100|Lighthouse Lantern Evening Tour||A tour planned ahead.|${when}|Sample Partner|||Island Life|lighthouse|640|https://embed.example.com/embed/9100|https://img.example.com/thumbs/9100.jpg\n`);
    const sched = await cli(env, ['import', '--', scheduled, '--source', 'scheduled-feed']);
    check(sched.code === 0 && sched.out.includes('added 1'), 'a feed row with a post date 12 s ahead is imported');
    const live = async () => {
      const [listing, search, api] = await Promise.all([
        text(`${base}/videos/latest-updates/1/`),
        text(`${base}/search/1/?s=lighthouse`),
        text(`${base}/api/json/videos2/86400/str/latest-updates/60/..1.all...json`),
      ]);
      const title = 'Lighthouse Lantern Evening Tour';
      return { listing: listing.body.includes(title), search: search.body.includes(title), api: api.body.includes(title) };
    };
    const early = await live();
    check(!anyVisible(early) && Date.now() / 1000 < at, `before its post date nothing lists it: ${JSON.stringify(early)}`);
    let shown = early;
    /** @type {Record<string, string>} */
    const firstSeen = {};
    while (!Object.values(shown).every(Boolean) && Date.now() < (at + 60) * 1000) {
      await new Promise((r) => setTimeout(r, 250));
      shown = await live();
      for (const [surface, yes] of Object.entries(shown)) if (yes) firstSeen[surface] ??= (Date.now() / 1000 - at).toFixed(1);
    }
    const late = Date.now() / 1000 - at;
    console.log(`scheduled video: listed everywhere ${late.toFixed(1)} s after its post date (first seen, s: ${JSON.stringify(firstSeen)})`);
    check(Object.values(shown).every(Boolean) && late <= 15, `at its post date the cached listing, search and the API list it: ${JSON.stringify(shown)}`);
    return failures === 0 ? 0 : 1;
  } finally {
    feeds.close();
    server.stop();
  }
});
