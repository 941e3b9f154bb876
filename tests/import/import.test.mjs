/**
 * npm run test:import: partner-feed import and takedowns, end to end, on a real catalogue file and
 * a running site's server (server.mjs, as `npm start` runs it):
 *  1. warms the site's caches (pages, sitemap, API), then imports the sample feed of every format
 *     from tests/fixtures/feeds with the commands of docs/import.md (the xvideos dump over HTTP
 *     from a local server), a second run that adds nothing, and unreadable inputs that change
 *     nothing; a partner feed on its own CDN: the import names the media hosts the site's policy
 *     refuses, and the line it gives works; the catalogue-change endpoint takes the catalogue's
 *     secret and nothing else;
 *  2. Playwright (the import-imported project of playwright.config.ts): the imported videos show
 *     with their feed thumbnails and their player;
 *  3. a takedown with the CLI: the video page, its category listing, search, the sitemap and the
 *     API stop showing it (the seconds it took are printed), then Playwright (import-removed)
 *     checks the browser; a re-import keeps it down;
 *  4. --delete-missing removes what a shorter feed no longer lists;
 *  5. a video imported with a post date seconds ahead goes live on its own: the cached listing,
 *     search and the API list it at its post date (the server's publish clock).
 * The tests run in order on the catalogue's state (each builds on the ones before).
 *
 * Environment: DATABASE_PATH (default data/e2e-import.db, re-created). The build (.next) is made
 * with this suite's EMBED_HOSTS and IMG_HOSTS (the feeds' media hosts) when it has others.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { freePort, freshCatalogEnv, npx, root, run, runNpmScript, startNext } from '../support/system/harness.mjs';
import { prepareSite } from '../support/system/suite.mjs';
import { FEEDS, serveFeeds, surfaces, text, visibility } from './helpers.mjs';

const databasePath = process.env.DATABASE_PATH || 'data/e2e-import.db';
const TITLE = 'Quokka Island Morning Walk';
/** What a taken-down video's page may answer. */
const GONE = [404, 410, 307, 308];

/** @typedef {import('../support/system/harness.mjs').SiteServer} SiteServer */

/**
 * A value an earlier test of this file set, or a failure saying so.
 * @template T
 * @param {T | null | undefined} value
 * @param {string} what
 * @returns {T}
 */
function from(value, what) {
  assert.ok(value !== null && value !== undefined, `needs ${what} (an earlier test failed)`);
  return value;
}

/** The longest a catalogue tool took here, in seconds: how far ahead a scheduled video must be (test 4). */
let slowestTool = 0;

/**
 * A catalogue tool's run (runNpmScript), timed.
 * @param {NodeJS.ProcessEnv} toolEnv
 * @param {readonly string[]} args
 */
async function cli(toolEnv, args) {
  const started = Date.now();
  const r = await runNpmScript(toolEnv, args);
  slowestTool = Math.max(slowestTool, (Date.now() - started) / 1000);
  return r;
}

/** The catalogue tools' environment: they tell the server what they changed (set in `before`). */
/** @type {NodeJS.ProcessEnv} */
let env = { ...process.env };
/** @type {SiteServer | undefined} */
let server;
/** @type {import('node:http').Server | undefined} */
let feeds;
let feedPort = 0;
/** The server's origin. */
const base = () => from(server, 'the server').baseUrl;

before(async () => {
  const env0 = freshCatalogEnv(databasePath, { EMBED_HOSTS: 'example.com', IMG_HOSTS: 'img.example.com' });
  prepareSite(env0);
  server = await startNext(await freePort(), env0);
  env = { ...env0, REVALIDATE_URLS: server.baseUrl };
  feeds = await serveFeeds(0);
  feedPort = /** @type {import('node:net').AddressInfo} */ (feeds.address()).port;
  // Warm every cache a takedown has to reach.
  for (const p of ['/', '/categories/', '/videos/latest-updates/1/', '/sitemap.xml', '/sitemaps/videos-1.xml', '/search/1/?s=quokka']) await text(server.baseUrl + p);
});

after(() => {
  feeds?.close();
  server?.stop();
});

/**
 * What the tests leave to the ones after: the imported quokka video (its id and slug) and the
 * catalogue's change secret.
 * @type {{ video?: { id: number; dir: string; scr: string }; secret?: string }}
 */
const seen = {};
const video = () => from(seen.video, 'the imported video');

describe('1. imports of every format', () => {
  /** @type {[string[], string][]} the arguments and what the output says */
  const runs = [
    [['import', '--', 'tests/fixtures/feeds/kvs.csv'], 'added 3, updated 0, unchanged 0, rejected 6'],
    [['import', '--', 'tests/fixtures/feeds/kvs.json'], 'added 2, updated 0, unchanged 0, rejected 1'],
    [['import', '--', 'tests/fixtures/feeds/kvs.xml'], 'added 2, updated 0, unchanged 0, rejected 1'],
    [['import', '--', 'tests/fixtures/feeds/pornhub.csv', '--format', 'pornhub'], 'added 2, updated 0, unchanged 0, rejected 1'],
    [['import', '--', 'http://127.0.0.1:<port>/xvideos.csv', '--format', 'xvideos'], 'added 2, updated 0, unchanged 0, rejected 1'],
    [['import', '--', 'tests/fixtures/feeds/kvs.csv'], 'added 0, updated 0, unchanged 3, rejected 6'],
  ];
  for (const [args, expected] of runs) {
    test(`${args.slice(2).join(' ')}: ${expected}`, async () => {
      // The feed server is this test's, on loopback: the operator's setting lets its URL through.
      const r = await cli(
        args.some((a) => a.includes('<port>')) ? { ...env, IMPORT_ALLOW_PRIVATE: '1' } : env,
        args.map((a) => a.replace('<port>', String(feedPort))),
      );
      assert.equal(r.code, 0, 'exit code');
      assert.ok(r.out.includes(expected), `the output does not say "${expected}"`);
    });
  }

  test('rejected rows are listed with line numbers and reasons', async () => {
    const kvsRun = await cli(env, ['import', '--', 'tests/fixtures/feeds/kvs.csv']);
    assert.match(kvsRun.out, /line 4: rejected: expected 13 columns, got 3/);
    assert.match(kvsRun.out, /line 9: rejected: embed host evil\.example\.org/);
  });

  test('a missing file stops with one line, exit 1', async () => {
    const missingFile = await cli(env, ['import', '--', 'tests/fixtures/feeds/no-such-feed.csv']);
    assert.equal(missingFile.code, 1, 'exit code');
    assert.match(missingFile.out, /cannot read .*no such file; nothing was changed/);
  });

  test('a URL on a loopback address stops with one line, exit 1, unless IMPORT_ALLOW_PRIVATE=1', async () => {
    const refused = await cli(env, ['import', '--', `http://127.0.0.1:${feedPort}/xvideos.csv`, '--format', 'xvideos']);
    assert.equal(refused.code, 1, 'exit code');
    assert.match(refused.out, /a private or loopback address \(IMPORT_ALLOW_PRIVATE=1 allows it\); nothing was changed/);
  });

  test('a URL answering 404 stops with one line, exit 1', async () => {
    const missingUrl = await cli({ ...env, IMPORT_ALLOW_PRIVATE: '1' }, ['import', '--', `http://127.0.0.1:${feedPort}/gone.csv`]);
    assert.equal(missingUrl.code, 1, 'exit code');
    assert.match(missingUrl.out, /HTTP 404; nothing was changed/);
  });

  test('the API finds the imported video', async () => {
    const api = JSON.parse((await text(`${base()}/api/videos2.php?params=86400/str/relevance/60/search..1.all..&s=quokka`)).body);
    /** @type {{ title: string; video_id: string | number; dir: string; scr: string } | undefined} */
    const found = api.videos?.find((/** @type {{ title: string }} */ v) => v.title === TITLE);
    assert.ok(found, `no "${TITLE}" among the API's videos for "quokka"`);
    seen.video = { id: Number(found.video_id), dir: found.dir, scr: found.scr };
  });

  test('the API gives the feed thumbnail', () => {
    assert.equal(video().scr, 'https://img.example.com/thumbs/9001.jpg', 'its thumbnail (scr)');
  });
});

/**
 * A partner feed whose thumbnails and previews are on its own CDN and one of whose players is on a
 * host EMBED_HOSTS lacks (its own catalogue, so the listings of the tests after it stay the
 * samples'): the import names exactly the media hosts of the rows it stored that the running
 * site's Content-Security-Policy refuses, and the line that allows them, which works.
 */
describe("1b. the import names the media hosts the site's policy refuses", () => {
  const hostsDb = `${databasePath.replace(/\.db$/, '')}-hosts.db`;
  const COLUMNS = 'id|title|content_source|categories|tags|duration|embed|main_screenshot|screenshots|preview_url|models|orientation|comments';
  /** @param {Record<string, string>} extra */
  const importPartner = (extra = {}) => {
    // Its own catalogue: the running server has nothing to hear of it.
    /** @type {NodeJS.ProcessEnv} */
    const quiet = { ...env, DATABASE_PATH: hostsDb, ...extra };
    delete quiet.REVALIDATE_URLS;
    return cli(quiet, ['import', '--', 'tests/fixtures/feeds/partner-media.csv', '--header', '--columns', COLUMNS]);
  };
  /** @type {{ code: number | null; out: string } | undefined} */
  let first;

  before(async () => {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.resolve(root, hostsDb + suffix), { force: true });
    first = await importPartner();
  });

  test('it stores the rows on allowed players and says which hosts, with their rows and the lines to set', () => {
    const r = from(first, 'the partner import');
    assert.equal(r.code, 0, 'exit code');
    assert.ok(r.out.includes('added 3, updated 0, unchanged 0, rejected 1'), r.out);
    assert.match(r.out, /line 4: rejected: embed host player\.partner\.example is not in EMBED_HOSTS/);
    for (const line of [
      "thumbnails or previews of stored rows are on hosts IMG_HOSTS does not allow; the site's Content-Security-Policy refuses them:",
      '  cdn.partner.example: 2 rows',
      '  media.partner.example: 1 row',
      '  IMG_HOSTS=img.example.com,cdn.partner.example,media.partner.example',
      '  player.partner.example: 1 row',
      '  EMBED_HOSTS=example.com,player.partner.example',
    ]) assert.ok(r.out.split('\n').includes(line), `the output has no line "${line}":\n${r.out}`);
  });

  test("the hosts named are exactly those of the stored media outside the served page's img-src", async () => {
    const r = from(first, 'the partner import');
    const csp = (await fetch(`${base()}/`)).headers.get('content-security-policy') ?? '';
    const imgSrc = (csp.split('; ').find((d) => d.startsWith('img-src ')) ?? '').split(' ');
    const db = new Database(path.resolve(root, hostsDb), { readonly: true, fileMustExist: true });
    /** @type {{ thumb_url: string; thumbs: string; preview_url: string | null }[]} */
    const media = /** @type {never} */ (db.prepare('SELECT thumb_url, thumbs, preview_url FROM video_sources').all());
    db.close();
    const stored = new Set(
      media.flatMap((m) => [m.thumb_url, ...JSON.parse(m.thumbs), m.preview_url]).filter(Boolean).map((u) => new URL(u).host),
    );
    const refused = [...stored].filter((h) => !imgSrc.includes(h)).sort();
    assert.deepEqual(refused, ['cdn.partner.example', 'media.partner.example'], `img-src: ${imgSrc.join(' ')}`);
    const named = [...r.out.matchAll(/^ {2}([a-z0-9.-]+): \d+ rows?$/gm)].map((m) => m[1]).filter((h) => stored.has(h ?? '')).sort();
    assert.deepEqual(named, refused);
  });

  test('the rows carry the channel, models, orientation and comments the feed gave', () => {
    const db = new Database(path.resolve(root, hostsDb), { readonly: true, fileMustExist: true });
    const stored = db
      .prepare(
        `SELECT s.external_id AS id, v.gender, v.comments, coalesce(c.title, '') AS channel,
           (SELECT group_concat(m.title, ',') FROM (SELECT m.title FROM video_models vm JOIN models m ON m.id = vm.model_id
             WHERE vm.video_id = v.id ORDER BY m.title) m) AS models
         FROM video_sources s JOIN videos v ON v.id = s.video_id LEFT JOIN channels c ON c.id = v.channel_id ORDER BY s.external_id`,
      )
      .all();
    db.close();
    assert.deepEqual(stored, [
      { id: '9301', gender: 1, comments: 12, channel: 'Harbour Films', models: 'Model Alpha,Model Beta' },
      { id: '9302', gender: 2, comments: 3, channel: 'Harbour Films', models: 'Model Alpha' },
      { id: '9304', gender: 0, comments: 0, channel: 'Knot School', models: null },
    ]);
  });

  test('with the line it gave set, a second run names no image host', async () => {
    const again = await importPartner({ IMG_HOSTS: 'img.example.com,cdn.partner.example,media.partner.example' });
    assert.equal(again.code, 0, 'exit code');
    assert.ok(again.out.includes('added 0, updated 0, unchanged 3, rejected 1'), again.out);
    assert.doesNotMatch(again.out, /IMG_HOSTS/);
    assert.match(again.out, /EMBED_HOSTS=example\.com,player\.partner\.example/);
  });
});

/**
 * The catalogue-change endpoint on the SQLite catalogue, over HTTP: the secret the tools read from
 * the catalogue's meta table is taken, a wrong one (the same length, one character changed) or
 * none is refused with 403 and purges nothing. tests/pg/change-endpoint.test.ts checks PostgreSQL.
 */
describe("the catalogue-change endpoint takes the catalogue's secret only", () => {
  const listing = () => `${base()}/videos/latest-updates/1/`;
  const cached = async () => (await fetch(listing())).headers.get('x-nextjs-cache');
  /** @param {Record<string, string>} headers */
  const post = async (headers) => {
    const res = await fetch(`${base()}/api/internal/catalog-changed/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ reason: 'takedown', videoIds: [video().id] }),
    });
    return { status: res.status, body: await res.text() };
  };

  test('the imports left their change secret in the catalogue', () => {
    const db = new Database(path.resolve(root, databasePath), { readonly: true, fileMustExist: true });
    const secret = db.prepare("SELECT value FROM meta WHERE key = 'revalidate_secret'").pluck().get();
    db.close();
    assert.equal(typeof secret, 'string', 'meta.revalidate_secret');
    assert.ok(String(secret).length > 0, 'meta.revalidate_secret is empty');
    seen.secret = String(secret);
  });

  test('the listing is cached before the refused changes', async () => {
    // The imports purged it: wait until it is cached again (regenerated after a first visit).
    let before = await cached();
    for (const until = Date.now() + 60_000; before !== 'HIT' && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 250));
      before = await cached();
    }
    assert.equal(before, 'HIT', 'X-Nextjs-Cache of the listing after 60 s');
  });

  test('a change without the secret, or with a wrong one, is refused with 403', async () => {
    const secret = from(seen.secret, "the catalogue's secret");
    const wrongSecret = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    const forbidden = { status: 403, body: JSON.stringify({ error: 1, code: 'forbidden' }) };
    assert.deepEqual(await post({}), forbidden, 'without the secret');
    assert.deepEqual(await post({ 'x-catalog-secret': wrongSecret }), forbidden, 'with a wrong secret');
  });

  test('a refused change purges nothing: the cached listing is still a HIT', async () => {
    assert.equal(await cached(), 'HIT', 'X-Nextjs-Cache of the listing');
  });

  test("the same change with the catalogue's secret is taken", async () => {
    const right = await post({ 'x-catalog-secret': from(seen.secret, "the catalogue's secret") });
    assert.equal(right.status, 200, `the answer: ${right.status} ${right.body}`);
  });
});

describe('2. a takedown with the CLI', () => {
  test('before the takedown every surface shows it', async () => {
    const { id, dir } = video();
    const shown = await visibility(base(), id, dir);
    assert.deepEqual(surfaces(shown, false), [], 'surfaces that do not show it');
  });

  test('browser: imported videos with thumbnails and player', () => {
    // Playwright prints its own report here; its exit code is the verdict.
    const code = run(npx, ['playwright', 'test', '--project=import-imported'], { ...env, BASE_URL: base() });
    assert.equal(code, 0, 'npx playwright test --project=import-imported exited non-zero (its report is above)');
  });

  /** When the CLI started, for the seconds the takedown took. */
  let started = 0;

  test('catalog remove reports the removal and the purge', async () => {
    const { id } = video();
    started = Date.now();
    const removal = await cli(env, ['catalog', '--', 'remove', String(id)]);
    assert.equal(removal.code, 0, 'exit code');
    assert.ok(removal.out.includes(`removed video ${id}`), `no "removed video ${id}" in its output`);
    assert.ok(removal.out.includes('pages purged'), 'no "pages purged" in its output');
  });

  test('after the takedown nothing shows it (within 60 s)', async (t) => {
    const { id, dir } = video();
    let after = await visibility(base(), id, dir);
    t.diagnostic(`first look after the CLI (${((Date.now() - started) / 1000).toFixed(1)} s): ${JSON.stringify(after)}`);
    while (surfaces(after, true).length && Date.now() - started < 60_000) {
      await new Promise((r) => setTimeout(r, 250));
      after = await visibility(base(), id, dir);
    }
    t.diagnostic(`takedown: gone from every surface ${((Date.now() - started) / 1000).toFixed(1)} s after the CLI started`);
    assert.deepEqual(surfaces(after, true), [], 'surfaces that still show it after 60 s');
  });

  test('the video page answers 404, 410 or a redirect', async () => {
    const { id, dir } = video();
    const status = await fetch(`${base()}/video/${id}/${dir}/`, { redirect: 'manual' });
    assert.ok(GONE.includes(status.status), `status ${status.status}`);
  });

  test('browser: the taken-down video is gone', () => {
    const code = run(npx, ['playwright', 'test', '--project=import-removed'], { ...env, BASE_URL: base(), REMOVED_ID: String(video().id) });
    assert.equal(code, 0, 'npx playwright test --project=import-removed exited non-zero (its report is above)');
  });

  test('a re-import keeps the taken-down video down', async () => {
    const again = await cli(env, ['import', '--', 'tests/fixtures/feeds/kvs.csv']);
    assert.ok(again.out.includes('added 0'), 'no "added 0" in its output');
    assert.ok(again.out.includes('kept down 1'), 'no "kept down 1" in its output');
  });
});

describe('3. --delete-missing', () => {
  test('--delete-missing removes what the feed no longer lists', async () => {
    const shorter = path.join(root, 'data', 'e2e-import-short.csv');
    fs.writeFileSync(shorter, fs.readFileSync(path.join(FEEDS, 'kvs.csv'), 'utf8').split('\n').filter((l) => l.startsWith('9002|')).join('\n'));
    const del = await cli(env, ['import', '--', shorter, '--source', 'kvs.csv', '--delete-missing']);
    assert.equal(del.code, 0, 'exit code');
    assert.ok(del.out.includes('unchanged 1'), 'no "unchanged 1" in its output');
    assert.ok(del.out.includes('removed 1'), 'no "removed 1" in its output');
  });

  test('the video the feed dropped has left search', async () => {
    const marimba = await text(`${base()}/search/1/?s=marimba`);
    assert.ok(!marimba.body.includes('Marimba Practice Session'), 'search for "marimba" still lists it');
  });
});

// A scheduled video goes live on its own, without a restart or a tool: the cached listing,
// search and the API show it within seconds of its post_date (the server's publish clock).
describe('4. a scheduled video goes live at its post date', () => {
  const SCHEDULED = 'Lighthouse Lantern Evening Tour';
  /** Its post date, in seconds. */
  let at = 0;
  const live = async () => {
    const [listing, search, api] = await Promise.all([
      text(`${base()}/videos/latest-updates/1/`),
      text(`${base()}/search/1/?s=lighthouse`),
      text(`${base()}/api/json/videos2/86400/str/latest-updates/60/..1.all...json`),
    ]);
    return { listing: listing.body.includes(SCHEDULED), search: search.body.includes(SCHEDULED), api: api.body.includes(SCHEDULED) };
  };

  test('a feed row with a post date 12 s ahead (more on a machine where the tools run slower) is imported', async () => {
    // Ahead by twice the longest a tool took here: on a loaded machine an import took 22 s, and
    // the video was live before the first check.
    at = Math.floor(Date.now() / 1000) + Math.max(12, Math.ceil(2 * slowestTool));
    const scheduled = path.join(root, 'data', 'e2e-import-scheduled.csv');
    const when = new Date(at * 1000).toISOString().slice(0, 19).replace('T', ' ');
    fs.writeFileSync(scheduled, `9100|${SCHEDULED}||A tour planned ahead.|${when}|Sample Partner|||Island Life|lighthouse|640|https://embed.example.com/embed/9100|https://img.example.com/thumbs/9100.jpg\n`);
    const sched = await cli(env, ['import', '--', scheduled, '--source', 'scheduled-feed']);
    assert.equal(sched.code, 0, 'exit code');
    assert.ok(sched.out.includes('added 1'), 'no "added 1" in its output');
  });

  test('before its post date nothing lists it', async () => {
    assert.ok(at > 0, 'needs the scheduled import (an earlier test failed)');
    const early = await live();
    const asked = Date.now() / 1000;
    assert.ok(asked < at, `asked ${(asked - at).toFixed(1)} s after its post date: the import took too long to test this`);
    assert.deepEqual(surfaces(early, true), [], 'surfaces that list it early');
  });

  test('at its post date the cached listing, search and the API list it (within 15 s)', async (t) => {
    assert.ok(at > 0, 'needs the scheduled import (an earlier test failed)');
    let shown = await live();
    /** @type {Record<string, string>} */
    const firstSeen = {};
    while (surfaces(shown, false).length && Date.now() < (at + 60) * 1000) {
      await new Promise((r) => setTimeout(r, 250));
      shown = await live();
      for (const surface of surfaces(shown, true)) firstSeen[surface] ??= (Date.now() / 1000 - at).toFixed(1);
    }
    const late = Date.now() / 1000 - at;
    t.diagnostic(`scheduled video: listed everywhere ${late.toFixed(1)} s after its post date (first seen, s: ${JSON.stringify(firstSeen)})`);
    assert.deepEqual(surfaces(shown, false), [], 'surfaces that do not list it 60 s after its post date');
    assert.ok(late <= 15, `listed everywhere only ${late.toFixed(1)} s after its post date`);
  });
});
