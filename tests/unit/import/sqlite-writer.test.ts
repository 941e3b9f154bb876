import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { importCheckpoints } from '@/lib/catalog/sqlite/import-checkpoints';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite/writer';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { parseFeed } from '@/lib/import/parse-feed';
import { runImport } from '@/lib/import/run-import';
import type { FeedRow } from '@/lib/catalog/feed-row';
import { type Fixture, listQuery, NOW, openFixture, searchQuery } from '../catalog/helpers/catalog-fixture';
import { holdWriteLock } from '../catalog/helpers/hold-write-lock';

const FEED = path.join(__dirname, '../../fixtures/feeds/kvs.csv');
const PARSE = { format: 'kvs-csv' as const, columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] };

function feedInput(text?: string) {
  const stream = text === undefined ? fs.createReadStream(FEED) : fs.createReadStream(writeTemp(text));
  return { stream, size: null, bytesRead: () => 0 };
}

let tmpN = 0;
function writeTemp(text: string): string {
  const file = path.join(fx.dir, `feed-${tmpN++}.csv`);
  fs.writeFileSync(file, text);
  return file;
}

async function importFeed(text?: string, deleteMissing = false) {
  const writer = new SqliteCatalogWriter(fx.db);
  return runImport(feedInput(text), PARSE, writer, { source: 'partner', deleteMissing, progressTo: null });
}

async function titlesFound(term: string): Promise<string[]> {
  const r = await fx.source.search(searchQuery(term));
  return 'videos' in r ? r.videos.map((v) => String(v.title)) : [];
}

let fx: Fixture;
beforeEach(() => {
  fx = openFixture(1500);
});
afterEach(() => fx.close());

describe('the SQLite catalogue writer', () => {
  it('adds a feed once: listings, categories, search, the video, and its feed media', async () => {
    const first = await importFeed();
    expect(first).toMatchObject({ added: 3, updated: 0, unchanged: 0, rejected: 6, removed: 0 });
    const second = await importFeed();
    expect(second).toMatchObject({ added: 0, updated: 0, unchanged: 3, rejected: 6 });

    const island = await fx.source.videos(listQuery({ section: 'category', objectId: 'island-life' }));
    expect('videos' in island && island.videos.map((v) => v.title)).toEqual(['Marimba Practice Session', 'Quokka Island Morning Walk']);
    expect('total_count' in island && island.total_count).toBe(2);
    expect(await titlesFound('quokka')).toEqual(['Quokka Island Morning Walk']);

    const id = Number(fx.db.prepare("SELECT video_id FROM video_sources WHERE external_id = '9001'").pluck().get());
    const detail = await fx.source.video(id, 86400);
    expect('video' in detail && detail.video).toMatchObject({
      title: 'Quokka Island Morning Walk',
      embed: 'https://embed.example.com/embed/9001',
      thumbsrc: 'https://img.example.com/thumbs/9001.jpg',
      categories: [{ title: 'Island Life', dir: 'island-life' }, { title: 'Nature Walks', dir: 'nature-walks' }],
    });
    // Listing totals are kept exact: the catalogue-wide count grew by the three videos.
    const all = await fx.source.videos(listQuery());
    // (The default list is the straight one, which the feed's rows are: it says nothing of orientation.)
    expect('total_count' in all && all.total_count).toBe(Number(fx.db.prepare('SELECT count(*) FROM videos WHERE gender = 0 AND status_id IN (1,5) AND post_date <= ?').pluck().get(NOW)));
  });

  it('a search or count read before an import does not hide what the import added', async () => {
    // Warm the source's caches of search results and listing counts, as a running site has.
    expect(await titlesFound('quokka')).toEqual([]);
    const before = await fx.source.videos(listQuery());
    await importFeed();
    // Processes poll the catalogue's version at most once a second: ask until this one has seen it.
    let found = await titlesFound('quokka');
    for (const until = Date.now() + 30_000; found.length === 0 && Date.now() < until; found = await titlesFound('quokka')) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(found).toEqual(['Quokka Island Morning Walk']);
    const after = await fx.source.videos(listQuery());
    expect('total_count' in after && 'total_count' in before && Number(after.total_count) - Number(before.total_count)).toBe(3);
  });

  it('updates a changed row in place and re-indexes it', async () => {
    await importFeed();
    const changed = fs.readFileSync(FEED, 'utf8').replace('Quokka Island Morning Walk', 'Quokka Island Evening Walk');
    expect(await importFeed(changed)).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    // The new title has both words, no video has the old pair (partial matches follow: either word).
    const both = (titles: string[], a: RegExp, b: RegExp) => titles.filter((t) => a.test(t) && b.test(t));
    expect(both(await titlesFound('evening quokka'), /evening/i, /quokka/i)).toEqual(['Quokka Island Evening Walk']);
    expect((await titlesFound('evening quokka'))[0]).toBe('Quokka Island Evening Walk');
    expect(both(await titlesFound('quokka morning'), /quokka/i, /morning/i)).toEqual([]);
    expect(fx.db.prepare("INSERT INTO video_fts (video_fts, rank) VALUES ('integrity-check', 0)").run()).toBeTruthy();
  });

  it('keeps suggestions and popular searches to keywords some video still gives: a renamed or taken-down title takes its own along', async () => {
    const row = (title: string) => `7001|${title}||A recital.|2024-05-04 10:00:00|Sample Partner|||Music Lessons|music|300|https://embed.example.com/embed/7001|https://img.example.com/thumbs/7001.jpg`;
    const keywords = async (text: string) => (await fx.source.suggest(text)).keywords;
    await importFeed(row('Xylograph Quokka Pavane'));
    expect(await keywords('xylograph')).toEqual(['xylograph', 'xylograph quokka']);
    expect(await keywords('quokka pavane')).toEqual(['quokka pavane']);
    await importFeed(row('Quokka Pavane Zarzuelita'));
    // The old title's own keywords are gone; what the new title gives is there.
    expect(await keywords('xylograph')).toEqual([]);
    expect(await keywords('quokka pavane')).toEqual(['quokka pavane']);
    expect(await keywords('zarzuelita')).toEqual(['zarzuelita']);
    const writer = new SqliteCatalogWriter(fx.db);
    await writer.remove([{ source: 'partner', externalId: '7001' }], { takedown: true });
    await writer.finish();
    expect(await keywords('zarzuelita')).toEqual([]);
    expect(await keywords('quokka pavane')).toEqual([]);
    const top = (await fx.source.main(0, 'str', 'en')).keywords;
    expect(top.some((k) => /xylograph|zarzuelita|quokka pavane/.test(k))).toBe(false);
  });

  it('takes videos down everywhere, for good, and deletes what a feed no longer lists', async () => {
    await importFeed();
    const writer = new SqliteCatalogWriter(fx.db);
    const demoId = 42;
    const { removed, missing } = await writer.remove([{ source: 'partner', externalId: '9001' }, { videoId: demoId }, { videoId: 99_999_999 }], { takedown: true });
    await writer.finish();
    expect(removed.map((r) => r.externalId)).toEqual(['9001', null]);
    expect(missing).toEqual([{ videoId: 99_999_999 }]);
    expect(await titlesFound('quokka')).toEqual([]);
    const detail = await fx.source.video(demoId, 86400);
    expect('code' in detail && detail.code).toBe('video_not_found');
    fx.db.prepare("INSERT INTO video_fts (video_fts, rank) VALUES ('integrity-check', 0)").run();
    fx.db.prepare("INSERT INTO title_fts (title_fts, rank) VALUES ('integrity-check', 0)").run();

    // The next run of the feed keeps it down.
    expect(await importFeed()).toMatchObject({ added: 0, unchanged: 2, takenDown: 1 });

    const shorter = fs.readFileSync(FEED, 'utf8').split('\n').filter((l) => l.startsWith('9002|')).join('\n');
    expect(await importFeed(shorter, true)).toMatchObject({ unchanged: 1, removed: 1 });
    expect(await titlesFound('marimba')).toEqual([]);
    const island = await fx.source.videos(listQuery({ section: 'category', objectId: 'island-life' }));
    expect('videos' in island && island.videos).toEqual([]);
  });

  it("waits for the running site's write instead of failing when the site commits meanwhile", async () => {
    // The site (another connection, on a thread of its own) holds the write lock and commits 300 ms
    // later, while the import's batch has begun: a batch that read before it asked to write would
    // be on a stale snapshot then, which SQLite fails at once (SQLITE_BUSY) instead of waiting.
    const rows: FeedRow[] = [];
    for await (const item of parseFeed(fs.createReadStream(FEED), PARSE)) if (item.row) rows.push(item.row);
    const writer = new SqliteCatalogWriter(fx.db);
    const viewsBefore = Number(fx.db.prepare('SELECT views FROM videos WHERE id = 1').pluck().get());
    const { released } = await holdWriteLock(fx.db.name, 300, 'UPDATE videos SET views = views + 1 WHERE id = 1');
    const runId = await writer.startRun('partner');
    expect(await writer.writeBatch('partner', runId, rows)).toMatchObject({ added: 3 });
    await writer.finish();
    await released;
    expect(Number(fx.db.prepare('SELECT views FROM videos WHERE id = 1').pluck().get())).toBe(viewsBefore + 1);
  }, 30_000);

  it('lets batches share a write transaction, commits it at the end, and loses only the open one when a batch fails', async () => {
    const row = (externalId: string): FeedRow => ({
      line: 1, externalId, title: `Harbour Crane Lift ${externalId}`, dir: `harbour-crane-lift-${externalId}`, description: '', postDate: null,
      duration: 60, embedUrl: `https://embed.example.com/${externalId}`, thumbUrl: null, thumbs: [], previewUrl: null, categories: ['Harbours'],
      tags: [], models: [], views: 0, likes: 0, dislikes: 0,
    });
    // The site's view of the file: another connection.
    const site = new Database(fx.db.name, { readonly: true });
    const imported = () => Number(site.prepare("SELECT count(*) FROM video_sources WHERE source = 's'").pluck().get());
    try {
      const writer = new SqliteCatalogWriter(fx.db, { transactionMs: 60_000 });
      const run = await writer.startRun('s');
      await writer.writeBatch('s', run, [row('a')]);
      await writer.writeBatch('s', run, [row('b')]);
      // Both batches in one transaction, still open: nothing to see yet.
      expect(fx.db.inTransaction).toBe(true);
      expect(imported()).toBe(0);
      await writer.finish();
      expect(fx.db.inTransaction).toBe(false);
      expect(imported()).toBe(2);
      expect(writer.transactions.count).toBe(1);

      const failing = new SqliteCatalogWriter(fx.db, { transactionMs: 60_000 });
      const again = await failing.startRun('s');
      await failing.writeBatch('s', again, [row('c')]);
      const broken = { ...row('d'), categories: undefined } as unknown as FeedRow;
      await expect(failing.writeBatch('s', again, [row('e'), broken])).rejects.toThrow(TypeError);
      // Rolled back, the lock free, c and e gone with the transaction; a and b were committed before.
      expect(fx.db.inTransaction).toBe(false);
      expect(imported()).toBe(2);
      await failing.finish();
      // A run of the same rows writes them.
      const retry = new SqliteCatalogWriter(fx.db, { transactionMs: 0 });
      const third = await retry.startRun('s');
      expect(await retry.writeBatch('s', third, [row('a'), row('c'), row('e')])).toMatchObject({ added: 2, unchanged: 1 });
      await retry.finish();
      expect(imported()).toBe(4);
      expect(retry.transactions.count).toBe(1);
    } finally {
      site.close();
    }
  }, 30_000);

  it("holds the checkpoint lease while its thread checkpoints, so the site's writes leave the WAL to it", async () => {
    const writer = new SqliteCatalogWriter(fx.db, { transactionMs: 0 });
    const site = new Database(fx.db.name);
    try {
      const run = await writer.startRun('partner');
      const rows: FeedRow[] = [];
      for await (const item of parseFeed(fs.createReadStream(FEED), PARSE)) if (item.row) rows.push(item.row);
      await writer.writeBatch('partner', run, rows);
      expect(importCheckpoints(site)).toBe(true);
      await writer.finish();
      expect(importCheckpoints(site)).toBe(false);
    } finally {
      site.close();
    }
  }, 30_000);

  it('starts the WAL over as it grows, even while the site writes all along', async () => {
    // The site: another thread counting a view every millisecond, leaving checkpoints to the
    // import (as writeWhenFree does under its lease).
    const site = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const db = new (require('better-sqlite3'))(workerData.file);
       db.pragma('busy_timeout = 5000');
       db.pragma('wal_autocheckpoint = 0');
       const view = db.prepare('UPDATE videos SET views = views + 1 WHERE id = 1');
       let stop = false;
       parentPort.on('message', () => (stop = true));
       (async () => {
         parentPort.postMessage('writing');
         while (!stop) {
           view.run();
           await new Promise((resolve) => setTimeout(resolve, 1));
         }
         db.close();
         parentPort.postMessage('stopped');
       })();`,
      { eval: true, workerData: { file: fx.db.name } },
    );
    await new Promise((resolve, reject) => site.once('message', resolve).once('error', reject));
    const writer = new SqliteCatalogWriter(fx.db, { transactionMs: 0, checkpoints: { restartFrames: 300, passEveryMs: 0 } });
    const walBytes = () => fs.statSync(`${fx.db.name}-wal`).size;
    let largest = 0;
    try {
      const run = await writer.startRun('s');
      for (let b = 0; b < 20; b++) {
        const rows = Array.from({ length: 300 }, (_, i): FeedRow => {
          const n = b * 300 + i;
          return {
            line: n + 1, externalId: `w${n}`, title: `Harbour Crane Lift ${n}`, dir: `harbour-crane-lift-${n}`, description: 'Cranes at work.',
            postDate: null, duration: 60 + ((n * 7919) % 3600), embedUrl: `https://embed.example.com/w${n}`, thumbUrl: null, thumbs: [],
            previewUrl: null, categories: [`Harbours ${n % 7}`], tags: [`crane ${n % 11}`], models: [], views: n, likes: n % 13, dislikes: 0,
          };
        });
        await writer.writeBatch('s', run, rows);
        largest = Math.max(largest, walBytes());
        if (process.env.DEBUG_WAL) console.log(b, walBytes());
      }
      await writer.finish();
    } finally {
      site.postMessage('stop');
      await new Promise((resolve) => site.once('message', resolve));
      await site.terminate();
    }
    const written = writer.transactions.count;
    expect(written).toBe(20);
    // 20 transactions of about a megabyte each (every row also lands in the tag and channel
    // listing indexes): had the WAL never started over, it would hold all of them.
    expect(largest).toBeLessThan(8 * 2 ** 20);
  }, 60_000);

  it('keeps the later row of an id a feed lists twice in one transaction, with its categories only', async () => {
    const row = (title: string, categories: string[], duration: number): FeedRow => ({
      line: 1, externalId: 'twice', title, dir: 'twice', description: '', postDate: NOW - 3600, duration, embedUrl: 'https://embed.example.com/twice',
      thumbUrl: null, thumbs: [], previewUrl: null, categories, tags: [], models: [], views: 0, likes: 0, dislikes: 0,
    });
    const writer = new SqliteCatalogWriter(fx.db, { transactionMs: 60_000 });
    const run = await writer.startRun('s');
    // The first row's memberships wait for the commit; the second must replace them, not join them.
    await writer.writeBatch('s', run, [row('Harbour Crane Lift', ['Harbours', 'Cranes'], 300), row('Harbour Crane Lift Again', ['Cranes'], 3000)]);
    await writer.finish();
    const id = Number(fx.db.prepare("SELECT video_id FROM video_sources WHERE external_id = 'twice'").pluck().get());
    const members = fx.db
      .prepare('SELECT c.title, vc.duration FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ?')
      .all(id);
    expect(members).toEqual([{ title: 'Cranes', duration: 3000 }]);
    const longest = await fx.source.videos(listQuery({ section: 'category', objectId: 'cranes', sort: 'longest' }));
    expect('videos' in longest && longest.videos.map((v) => v.title)).toEqual(['Harbour Crane Lift Again']);
  });

  it('never reuses the id of a removed video', async () => {
    const writer = new SqliteCatalogWriter(fx.db);
    const row: FeedRow = {
      line: 1, externalId: 'a', title: 'Harbour Crane Lift', dir: 'harbour-crane-lift', description: '', postDate: null, duration: 60,
      embedUrl: 'https://embed.example.com/a', thumbUrl: null, thumbs: [], previewUrl: null, categories: [], tags: [], models: [], views: 0, likes: 0, dislikes: 0,
    };
    await writer.writeBatch('s', 1, [row]);
    const id = Number(fx.db.prepare("SELECT video_id FROM video_sources WHERE external_id = 'a'").pluck().get());
    await writer.remove([{ videoId: id }], { takedown: false });
    const again = new SqliteCatalogWriter(fx.db);
    await again.writeBatch('s', 2, [{ ...row, externalId: 'b' }]);
    expect(Number(fx.db.prepare("SELECT video_id FROM video_sources WHERE external_id = 'b'").pluck().get())).toBe(id + 1);
  });
});

it('parses without a catalogue (the parsers know nothing of the writer)', async () => {
  const items = [];
  for await (const item of parseFeed(fs.createReadStream(FEED), PARSE)) items.push(item);
  expect(items).toHaveLength(9);
});
