/**
 * test:edge, made-up URLs: 10,000 URLs that name nothing (EDGE_FLOOD_URLS for another count; ten
 * kinds: missing videos, wrong video dirs, unknown categories, pages past the last, made-up query
 * strings on a listing, a sitemap and a search, made-up router states and segment prefetches,
 * unmatched paths) through a fresh copy of the shipped edge to a site with Redis (a throwaway
 * redis-server) behind its page cache (tests/support/system/flood.mjs): none leaves an edge file
 * or a Redis key that lives past a minute, none is in the site's page cache a minute later, no
 * answer is a 5xx, and a real page cached before is still there after.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEdge } from '../support/system/edge.mjs';
import { flood, printFlood } from '../support/system/flood.mjs';
import { freePort, startNext } from '../support/system/harness.mjs';
import { startRedis, stopRedis } from '../support/system/redis.mjs';
import { assertEvery } from '../support/system/suite.mjs';
import { latest, prepareEdgeSite } from './edge-site.mjs';

/** @typedef {import('./edge-site.mjs').Video} Video */
/** @typedef {import('../support/system/edge.mjs').Edge} Edge */
/** @typedef {import('../support/system/harness.mjs').SiteServer} SiteServer */
/** @typedef {Awaited<ReturnType<typeof flood>>} Flood */

const DB = 'data/edge-flood.db';

describe('made-up URLs through the edge to a site with Redis', () => {
  /** @type {string} */
  let tmp;
  /** @type {Awaited<ReturnType<typeof startRedis>> | undefined} */
  let redis;
  /** @type {SiteServer | undefined} */
  let site;
  /** @type {Edge | undefined} */
  let front;
  /** @type {Flood} */
  let r;
  // The flood itself is the action: sent here, its report read by the tests.
  before(async () => {
    const { serverEnv } = prepareEdgeSite(DB);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-edge-flood-'));
    const redisPort = await freePort();
    redis = await startRedis(redisPort, tmp);
    const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
    site = await startNext(await freePort(), { ...serverEnv, REDIS_URL: redisUrl });
    front = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${site.port}`] });
    const realId = Number(/** @type {Video} */ ((await latest(site.baseUrl))[12]).video_id);
    r = await flood({ edge: front, siteBase: site.baseUrl, redisUrl, realId, count: Number(process.env.EDGE_FLOOD_URLS) || 10_000 });
    printFlood(r);
  });
  after(async () => {
    front?.stop();
    site?.stop();
    if (redis) await stopRedis(redis);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('made-up URLs: every answer below 500', () => {
    assertEvery(r.perKind, (k) => (Object.keys(k.answers).some((status) => !/^[234]\d\d$/.test(status)) ? `${k.kind} ${JSON.stringify(k.answers)}` : null), 'answered below 500 (every kind)');
  });
  test('made-up URLs: no edge file servable past a minute', (t) => {
    t.diagnostic(`${r.edge.madeUpFiles} edge files of ${r.count} URLs`);
    assertEvery(r.perKind, (k) => (k.edgeFreshMax > 60 || k.edgeStaleMax > 60 ? `${k.kind}: ${k.edgeFiles} files, fresh ${k.edgeFreshMax} s, stale ${k.edgeStaleMax} s` : null), 'servable at most a minute (every kind)');
    assert.equal(r.edge.servableAfterWait, 0, 'edge files of made-up URLs still servable after the wait');
  });
  test('made-up URLs: no Redis key living past a minute', (t) => {
    t.diagnostic(`${r.redis.madeUpKeys} keys, Redis memory ${r.redis.memoryBefore} -> ${r.redis.memoryAfter}`);
    if (r.redis.madeUpKeys > 0) {
      assert.ok(r.redis.ttlMax <= 60, `a key with a TTL of ${r.redis.ttlMax} s`);
      assert.equal(r.redis.madeUpKeysAfterWait, 0, 'keys of made-up URLs left after the wait');
    }
  });
  test("made-up URLs: none in the site's page cache a minute later", () => {
    const kept = (r.pageCache.sampleAfterWait.HIT ?? 0) + (r.pageCache.sampleAfterWait.STALE ?? 0);
    assert.equal(kept, 0, `the sample of made-up URLs asked of the site after the wait: ${JSON.stringify(r.pageCache.sampleAfterWait)}`);
  });
  test("made-up URLs: a real page cached before is still in the site's page cache after", () => {
    assert.equal(r.pageCache.realPageAfter, 'HIT');
  });
});
