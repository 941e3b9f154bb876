/**
 * The upstream's answer cache is bounded by the bytes of its answers as fetched, not by their
 * count: filled with listings of the network's real size (./upstream-listings.ts, made from its
 * recorded answers) it never holds more than its budget, and a larger budget keeps more.
 */
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAnswerCache, createUpstreamSource, ENTRY_OVERHEAD_BYTES, errorCode } from '@/lib/upstream/source';
import { listingAnswer } from './upstream-listings';

const MAX_STALE_MS = 7 * 86400 * 1000;
const listPath = (page: number) => `/api/json/videos2/86400/str/latest-updates/60/..${page}.all...json`;
const LISTING_BYTES = Buffer.byteLength(listingAnswer(1));

/** Puts `pages` listings into a cache of `budget` bytes, checking the bound after each; how many it keeps. */
function fill(budget: number, pages: number): number {
  const cache = createAnswerCache(budget, MAX_STALE_MS);
  for (let page = 1; page <= pages; page++) {
    const text = listingAnswer(page);
    cache.set(listPath(page), { value: JSON.parse(text), at: Date.now(), bytes: Buffer.byteLength(text) });
    expect(cache.used).toBeLessThanOrEqual(budget);
  }
  let kept = 0;
  for (let page = 1; page <= pages; page++) if (cache.get(listPath(page))) kept++;
  return kept;
}

describe('the upstream answer cache', () => {
  it('holds real-sized listings within its byte budget, and a larger budget keeps more', () => {
    // Tens of kB each, as the network's pages of 60 videos are.
    expect(LISTING_BYTES).toBeGreaterThan(10_000);
    const small = fill(1024 * 1024, 200);
    const large = fill(2 * 1024 * 1024, 200);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(200);
    expect(large).toBeGreaterThan(small);
    // Each listing costs its bytes plus its path and the fixed overhead: the newest that fit are kept.
    let fit = 0;
    for (let page = 200, sum = 0; page >= 1; page--, fit++) {
      sum += Buffer.byteLength(listingAnswer(page)) + listPath(page).length + ENTRY_OVERHEAD_BYTES;
      if (sum > 1024 * 1024) break;
    }
    expect(small).toBe(fit);
  });

  it('charges tiny answers their keeping, so that many of them stay within the budget too', () => {
    const text = fs.readFileSync(path.join(__dirname, '../../fixtures/upstream/error-not-found.json'), 'utf8');
    const budget = 256 * 1024;
    const cache = createAnswerCache(budget, MAX_STALE_MS);
    for (let id = 1; id <= 10_000; id++) {
      cache.set(`/api/json/video/86400/0/1000/${id}.json`, { value: JSON.parse(text), at: Date.now(), bytes: Buffer.byteLength(text) });
    }
    expect(cache.used).toBeLessThanOrEqual(budget);
    expect(cache.size).toBeLessThanOrEqual(budget / ENTRY_OVERHEAD_BYTES);
    expect(cache.size).toBeGreaterThan(0);
  });
});

describe('the failures remembered beside it', () => {
  it('keep at most a short error code, never a long body an upstream sent as one', () => {
    expect(errorCode({ error: 1, code: 'video_not_found' })).toBe('video_not_found');
    expect(errorCode({ error: 1, code: 'x'.repeat(1_000_000) })?.length).toBe(100);
    expect(errorCode({ error: 'y'.repeat(1_000_000) })?.length).toBe(100);
  });
});

describe('the upstream source keeps answers by their size as fetched', () => {
  let server: Server;
  let origin: string;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      const page = Number(/\.\.(\d+)\.all/.exec(req.url ?? '')?.[1] ?? 1);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(listingAnswer(page));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const query = (page: number) => ({
    lifetime: 86400, gender: 'str', sort: 'latest-updates' as const, count: 60, section: '' as const, objectId: '', page,
    type: 'all', duration: 'all' as const, date: 'all' as const,
  });

  /** How many of `pages` listings a source with `listings` listings' worth of budget asks for again on a second pass. */
  async function refetched(listings: number, pages: number): Promise<number> {
    const source = createUpstreamSource({ origin, timeoutMs: 2000, cacheBytes: listings * (LISTING_BYTES + 200 + ENTRY_OVERHEAD_BYTES) });
    for (let page = 1; page <= pages; page++) await source.videos(query(page));
    asked.length = 0;
    // Newest first: those still kept answer from memory, the rest are fetched again.
    for (let page = pages; page >= 1; page--) await source.videos(query(page));
    return asked.length;
  }

  it('keeps as many listings as the budget holds and fetches the others again', async () => {
    const pages = 12;
    const small = await refetched(3, pages);
    const large = await refetched(8, pages);
    expect(small).toBeGreaterThan(large);
    expect(large).toBeGreaterThan(0);
    expect(await refetched(pages + 1, pages)).toBe(0);
  });
});
