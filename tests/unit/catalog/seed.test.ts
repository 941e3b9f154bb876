import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { durationClass } from '@/lib/catalog/filters';
import { seedCatalog } from '@/lib/catalog/sqlite/seed';
import { generateVideo, postDateFor, scheduledCount } from '@/lib/catalog/demo/catalogue';
import { channelCount, channelName, modelCount, modelName } from '@/lib/catalog/demo/people';
import { SEED_NOW } from './helpers/catalog-fixture';

function seedMemory(videos: number): Database.Database {
  const db = new Database(':memory:');
  seedCatalog(db, { videos, now: SEED_NOW });
  return db;
}

describe('demo seed', () => {
  it('is deterministic: the same size gives the same catalogue', () => {
    const a = seedMemory(400);
    const b = seedMemory(400);
    const q = 'SELECT id, title, duration, post_date, views, likes, status_id FROM videos ORDER BY id';
    expect(a.prepare(q).all()).toEqual(b.prepare(q).all());
    const c = seedMemory(300);
    // A video's content does not depend on the catalogue size; only its date does.
    const titles = 'SELECT title FROM videos WHERE id <= 50 ORDER BY id';
    expect(c.prepare(titles).pluck().all()).toEqual(a.prepare(titles).pluck().all());
  });

  it('keeps ids in post_date order, with scheduled videos after the seed time', () => {
    const n = 5000;
    let previous = -Infinity;
    for (let id = 1; id <= n; id++) {
      const t = postDateFor(id, n, SEED_NOW, generateVideo(id).jitter);
      expect(t).toBeGreaterThanOrEqual(previous);
      previous = t;
    }
    const future = scheduledCount(n);
    expect(postDateFor(n - future, n, SEED_NOW, 0.99)).toBeLessThanOrEqual(SEED_NOW);
    expect(postDateFor(n - future + 1, n, SEED_NOW, 0)).toBeGreaterThan(SEED_NOW);
    expect(postDateFor(1, n, SEED_NOW, 0)).toBeLessThan(SEED_NOW - 4.9 * 365 * 86400);
    expect(postDateFor(n, n, SEED_NOW, 0.99)).toBeGreaterThan(SEED_NOW + 395 * 86400);
  });

  it('has realistic spreads and only neutral words', () => {
    const videos = Array.from({ length: 5000 }, (_, i) => generateVideo(i + 1));
    const classes = [0, 0, 0];
    for (const v of videos) classes[durationClass(v.duration) - 1]! += 1;
    expect(classes[0]! / 5000).toBeGreaterThan(0.35);
    expect(classes[1]! / 5000).toBeGreaterThan(0.3);
    expect(classes[2]! / 5000).toBeGreaterThan(0.04);
    const views = videos.map((v) => v.views).sort((a, b) => a - b);
    // Heavy tail: the top 1% hold far more views than the median video.
    expect(views[4950]! / views[2500]!).toBeGreaterThan(20);
    for (const v of videos) {
      expect(v.duration).toBeGreaterThanOrEqual(60);
      expect(v.duration).toBeLessThanOrEqual(7200);
      expect(v.likes + v.dislikes).toBeLessThanOrEqual(v.views + 2);
    }
    const words = new Set(videos.flatMap((v) => `${v.title} ${v.description}`.toLowerCase().split(/\W+/)));
    for (const bad of ['sex', 'porn', 'xxx', 'nude', 'naked', 'adult', 'milf', 'teen']) expect(words.has(bad)).toBe(false);
  });

  it('fills keywords and counts', () => {
    const db = seedMemory(500);
    expect(db.prepare('SELECT count(*) FROM keywords').pluck().get()).toBeGreaterThan(100);
    expect(db.prepare('SELECT count(*) FROM categories').pluck().get()).toBe(40);
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThan(0);
  });
});

describe('catalogue file creation', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-open-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function openInChild(file: string): Promise<{ buildId: string; videos: number }> {
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const child = spawn(tsx, ['--conditions=react-server', path.join(__dirname, 'helpers', 'open-catalog-child.ts'), file, '800'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    return new Promise((resolve, reject) => {
      child.on('close', (code) => {
        if (code === 0) resolve(JSON.parse(out) as { buildId: string; videos: number });
        else reject(new Error(`child exited with ${code}: ${err}`));
      });
    });
  }

  it('seeds once when three processes open a fresh path at the same time', async () => {
    const file = path.join(dir, 'nested', 'catalog.db');
    const results = await Promise.all([openInChild(file), openInChild(file), openInChild(file)]);
    expect(results.map((r) => r.videos)).toEqual([800, 800, 800]);
    expect(new Set(results.map((r) => r.buildId)).size).toBe(1);
    const leftovers = fs.readdirSync(path.dirname(file)).filter((f) => f.includes('.tmp-') || f.endsWith('.lock'));
    expect(leftovers).toEqual([]);
  }, 60_000);

  it('reuses an existing file instead of seeding again', async () => {
    const file = path.join(dir, 'catalog.db');
    const first = await openInChild(file);
    const second = await openInChild(file);
    expect(second.buildId).toBe(first.buildId);
  }, 60_000);

  it('gives every video an orientation, most straight, and models, channels and comments, the same each time', () => {
    const a = seedMemory(2000);
    const b = seedMemory(2000);
    for (const q of [
      'SELECT id, gender, channel_id, comments FROM videos ORDER BY id',
      'SELECT * FROM video_models ORDER BY video_id, model_id',
      'SELECT * FROM models ORDER BY id',
      'SELECT * FROM channels ORDER BY id',
      'SELECT * FROM entity_stats ORDER BY kind, entity_id, gender',
    ]) {
      expect(a.prepare(q).all()).toEqual(b.prepare(q).all());
    }
    const share = (g: number) => (a.prepare('SELECT count(*) FROM videos WHERE gender = ?').pluck().get(g) as number) / 2000;
    expect(share(0)).toBeGreaterThan(0.7);
    expect(share(1)).toBeGreaterThan(0.05);
    expect(share(2)).toBeGreaterThan(0.03);
    const perVideo = a.prepare('SELECT n, count(*) AS videos FROM (SELECT v.id, count(m.model_id) AS n FROM videos v LEFT JOIN video_models m ON m.video_id = v.id GROUP BY v.id) GROUP BY n ORDER BY n').raw().all();
    expect((perVideo as [number, number][]).map(([n]) => n)).toEqual([0, 1, 2, 3]);
    expect(a.prepare('SELECT count(*) FROM models').pluck().get()).toBe(modelCount(2000));
    expect(a.prepare('SELECT count(*) FROM channels').pluck().get()).toBe(channelCount(2000));
    expect(a.prepare('SELECT count(*) FROM videos WHERE channel_id <> 0').pluck().get()).toBeGreaterThan(1000);
    expect(a.prepare('SELECT count(*) FROM videos WHERE comments > 0').pluck().get()).toBeGreaterThan(1000);
    // Every tag membership carries its video's columns, and the listing totals are per orientation.
    expect(a.prepare('SELECT count(*) FROM video_tags t JOIN videos v ON v.id = t.video_id WHERE t.gender <> v.gender OR t.views <> v.views OR t.post_date <> v.post_date').pluck().get()).toBe(0);
    expect(a.prepare('SELECT count(DISTINCT gender) FROM video_day_counts').pluck().get()).toBe(3);
  });

  it('names models and channels with invented, neutral, distinct names at the bench size', () => {
    // The bench's 1,000,000 videos: 100,000 models and 10,000 channels.
    expect([modelCount(1_000_000), channelCount(1_000_000)]).toEqual([100_000, 10_000]);
    const models = new Set(Array.from({ length: 100_000 }, (_, i) => modelName(i + 1)));
    expect(models.size).toBe(100_000);
    const channels = new Set(Array.from({ length: 10_000 }, (_, i) => channelName(i + 1)));
    expect(channels.size).toBe(10_000);
    expect(modelName(1)).toBe('Mara Lindqvist');
    expect(channelName(1)).toBe('Northlight Studio');
    const words = new Set([...models, ...channels].flatMap((n) => n.toLowerCase().split(/\W+/)));
    for (const bad of ['sex', 'porn', 'xxx', 'nude', 'naked', 'adult', 'milf', 'teen', 'hot']) expect(words.has(bad)).toBe(false);
  });
});
