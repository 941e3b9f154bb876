/**
 * Made-up URLs against the site's caches (issue 20, item 4): `count` URLs that name nothing, of
 * the ten kinds below, sent through the shipped edge to a site with Redis behind its page cache;
 * then what each cache holds:
 *  - the edge: the files its cache gained, with their keys, how long each may still be served
 *    fresh, and for how long stale after (nginx's own header of each file);
 *  - Redis: the page keys it gained, and their TTLs;
 *  - the site's page cache: a sample of the URLs asked of the site itself, once right after and
 *    once `waitMs` later (x-nextjs-cache HIT or STALE: the page cache had kept it), and a real page
 *    rendered before the flood (a HIT after it: not pushed out).
 * Used by npm run test:edge (tests/edge/made-up-urls.test.mjs) and npm run flood (scripts/flood.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from 'redis';
import { request } from './http-client.mjs';

const RETURNING = { cookie: 'tf_country=XX', 'accept-encoding': 'gzip' };
/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A router state as Next's client sends it, naming a segment of the visitor's choice. */
/** @param {string} segment */
const stateTree = (segment) => encodeURIComponent(JSON.stringify(['', { children: [segment, {}] }, null, null, true]));

/**
 * One kind of made-up URL: its `n`th URL, and the request headers that go with it.
 * @typedef {{ kind: string; url: (n: number) => string; headers?: (n: number) => Record<string, string> }} FloodKind
 */

/**
 * The kinds of made-up URL, each with a marker (`mk<kind>-<n>`) in its path or query where the URL
 * has room for one, so that a cache entry tells which kind made it. `realId`: a video that exists.
 * @param {number} realId
 * @returns {FloodKind[]}
 */
export function floodKinds(realId) {
  return [
    { kind: 'missing video', url: (n) => `/video/${900_000 + n}/mk1-${n}/` },
    { kind: 'wrong video dir', url: (n) => `/video/${realId}/mk2-${n}/` },
    { kind: 'unknown category', url: (n) => `/categories/mk3-${n}/latest-updates/1/` },
    { kind: 'page past the last', url: (n) => `/videos/longest/${1000 + n}/` },
    { kind: 'query on a listing', url: (n) => `/videos/latest-updates/1/?n=mk5-${n}` },
    { kind: 'query on a sitemap', url: (n) => `/sitemaps/pages.xml?n=mk6-${n}` },
    { kind: 'router state', url: () => '/videos/latest-updates/2/', headers: (n) => ({ rsc: '1', 'next-router-state-tree': stateTree(`mk7-${n}`) }) },
    {
      kind: 'segment prefetch',
      url: () => '/videos/latest-updates/2/',
      headers: (n) => ({ rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': `/mk8-${n}/__PAGE__` }),
    },
    { kind: 'query on a search', url: (n) => `/search/1/?s=sunset&x=mk9-${n}` },
    { kind: 'unmatched path', url: (n) => `/mk10-${n}/` },
  ];
}

/**
 * Which kind a cache key (an edge KEY line, a Redis key) was made by, or null.
 * @param {string} key
 * @param {FloodKind[]} kinds
 */
function kindOf(key, kinds) {
  const m = /mk(\d+)-\d+/.exec(key);
  if (m) return kinds[Number(m[1]) - 1]?.kind ?? null;
  const page = /\/videos\/longest\/(\d+)/.exec(key);
  return page && Number(page[1]) > 1000 ? 'page past the last' : null;
}

/**
 * A client navigation first gets a redirect to its own ?_rsc= (Next's check of the headers): follow it once, as the browser does.
 * @param {string} base
 * @param {string} url
 * @param {Record<string, string>} [headers]
 */
async function ask(base, url, headers) {
  const res = await request(`${base}${url}`, { headers: { ...RETURNING, ...headers } });
  if (res.status === 307 && headers && /_rsc=/.test(String(res.headers.location))) {
    return request(new URL(String(res.headers.location), base).toString(), { headers: { ...RETURNING, ...headers } });
  }
  return res;
}

// --- what the edge holds -------------------------------------------------------------------------

/**
 * Every file of the edge's cache: its KEY, and until when (unix seconds) it is fresh, and stale.
 * @param {string} prefix the edge's nginx prefix folder
 */
export function edgeFiles(prefix) {
  /** @type {Map<string, { key: string; validUntil: number; staleUntil: number }>} */
  const out = new Map();
  /** @param {string} dir */
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else {
        const head = fs.readFileSync(f).subarray(0, 4096);
        // nginx's cache file header (ngx_http_file_cache_header_t, 64-bit): version, valid_sec,
        // updating_sec (stale-while-revalidate), error_sec..., then "\nKEY: ...\n".
        const validSec = Number(head.readBigInt64LE(8));
        const updatingSec = Number(head.readBigInt64LE(16));
        const key = /\nKEY: ([^\n]*)\n/.exec(head.toString('latin1'))?.[1] ?? '';
        out.set(f, { key, validUntil: validSec, staleUntil: validSec + updatingSec });
      }
    }
  };
  walk(path.join(prefix, 'cache'));
  return out;
}

// --- what Redis holds ----------------------------------------------------------------------------

/** @param {string} url */
async function redisKeys(url) {
  const client = createClient({ url });
  await client.connect();
  try {
    /** @type {Map<string, number>} */
    const out = new Map();
    for await (const batch of client.scanIterator({ MATCH: 'tubefront:*', COUNT: 1000 })) {
      for (const key of [batch].flat()) if (key !== 'tubefront:tags') out.set(key, await client.ttl(key));
    }
    const memory = /used_memory_human:(\S+)/.exec(await client.info('memory'))?.[1] ?? '?';
    return { keys: out, memory };
  } finally {
    await client.quit();
  }
}

// --- the flood -----------------------------------------------------------------------------------

/**
 * `edge` ({ baseUrl, prefix }) in front of `siteBase`, whose page cache shares `redisUrl`;
 * `realId` a video that exists. Sends `count` URLs, `concurrency` at a time.
 * @param {{ edge: { baseUrl: string; prefix: string }; siteBase: string; redisUrl: string; realId: number; count?: number; concurrency?: number; waitMs?: number; sample?: number; log?: (line: string) => void }} options
 */
export async function flood({ edge, siteBase, redisUrl, realId, count = 10_000, concurrency = 8, waitMs = 61_000, sample = 40, log = console.log }) {
  const kinds = floodKinds(realId);
  const real = '/videos/latest-updates/1/';
  // A real page, rendered and cached before: is it still there after?
  await request(`${siteBase}${real}`, { headers: RETURNING });
  await request(`${edge.baseUrl}${real}`, { headers: RETURNING });
  const edgeBefore = edgeFiles(edge.prefix);
  const redisBefore = await redisKeys(redisUrl);

  const jobs = Array.from({ length: count }, (_, i) => ({ k: /** @type {FloodKind} */ (kinds[i % kinds.length]), n: Math.floor(i / kinds.length) + 1 }));
  /** @type {Map<string, Record<string, number>>} */
  const statuses = new Map();
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const { k, n } = /** @type {(typeof jobs)[number]} */ (jobs[next++]);
        const res = await ask(edge.baseUrl, k.url(n), k.headers?.(n)).catch((/** @type {Error} */ e) => ({ status: `error ${e.message}` }));
        const tally = statuses.get(k.kind) ?? {};
        tally[res.status] = (tally[res.status] ?? 0) + 1;
        statuses.set(k.kind, tally);
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  log(`flood: ${count} made-up URLs through the edge in ${seconds.toFixed(0)} s`);

  const now = Math.floor(Date.now() / 1000);
  const edgeNew = [...edgeFiles(edge.prefix)].filter(([f]) => !edgeBefore.has(f)).map(([, v]) => v);
  const redisAfter = await redisKeys(redisUrl);
  const redisNew = [...redisAfter.keys].filter(([k]) => !redisBefore.keys.has(k));

  const perKind = kinds.map(({ kind }) => {
    const files = edgeNew.filter((f) => kindOf(f.key, kinds) === kind);
    const keys = redisNew.filter(([k]) => kindOf(k, kinds) === kind);
    return {
      kind,
      answers: statuses.get(kind) ?? {},
      edgeFiles: files.length,
      edgeFreshMax: Math.max(0, ...files.map((f) => f.validUntil - now)),
      edgeStaleMax: Math.max(0, ...files.map((f) => f.staleUntil - now)),
      redisKeys: keys.length,
      redisTtlMax: Math.max(0, ...keys.map(([, ttl]) => ttl)),
    };
  });

  // The site's page cache: a sample of the kinds that make page-cache entries, asked of the site.
  const pageKinds = kinds.slice(0, 4);
  // The last ones sent: within their minute when asked right after.
  const last = Math.floor(count / kinds.length);
  const probes = Array.from({ length: sample }, (_, i) => /** @type {FloodKind} */ (pageKinds[i % pageKinds.length]).url(last - Math.floor(i / pageKinds.length)));
  const cached = async () => {
    /** @type {Record<string, number>} */
    const out = {};
    for (const url of probes) {
      const res = await request(`${siteBase}${url}`, { headers: RETURNING });
      const c = String(res.headers['x-nextjs-cache'] ?? 'none');
      out[c] = (out[c] ?? 0) + 1;
    }
    return out;
  };
  const realAfter = String((await request(`${siteBase}${real}`, { headers: RETURNING })).headers['x-nextjs-cache'] ?? 'none');
  const pageCacheNow = await cached();
  log(`flood: waiting ${waitMs / 1000} s, then asking the site again`);
  await sleep(waitMs);
  const pageCacheLater = await cached();
  const redisLater = await redisKeys(redisUrl);
  const later = Math.floor(Date.now() / 1000);
  const edgeServable = [...edgeFiles(edge.prefix)].filter(([f]) => !edgeBefore.has(f)).map(([, v]) => v).filter((f) => kindOf(f.key, kinds) && f.staleUntil > later).length;

  return {
    count,
    seconds,
    perKind,
    edge: { newFiles: edgeNew.length, madeUpFiles: perKind.reduce((n, k) => n + k.edgeFiles, 0), servableAfterWait: edgeServable },
    redis: {
      newKeys: redisNew.length,
      madeUpKeys: perKind.reduce((n, k) => n + k.redisKeys, 0),
      ttlMax: Math.max(0, ...redisNew.map(([, t]) => t)),
      memoryBefore: redisBefore.memory,
      memoryAfter: redisAfter.memory,
      madeUpKeysAfterWait: [...redisLater.keys.keys()].filter((k) => kindOf(k, kinds)).length,
      otherNewKeys: redisNew.filter(([k]) => !kindOf(k, kinds)).map(([k, ttl]) => `${k.replace(/^tubefront:[^:]+:/, '')} (TTL ${ttl} s)`),
    },
    pageCache: { realPageAfter: realAfter, sampleRightAfter: pageCacheNow, sampleAfterWait: pageCacheLater },
  };
}

/**
 * The report as a table and a few lines.
 * @param {Awaited<ReturnType<typeof flood>>} r
 * @param {(line: string) => void} [log]
 */
export function printFlood(r, log = console.log) {
  log('kind                 answers                      edge files  fresh/stale s   redis keys  max TTL s');
  for (const k of r.perKind) {
    const answers = Object.entries(k.answers).map(([s, n]) => `${s}x${n}`).join(' ');
    log(`${k.kind.padEnd(20)} ${answers.padEnd(28)} ${String(k.edgeFiles).padStart(10)}  ${`${k.edgeFreshMax}/${k.edgeStaleMax}`.padStart(13)}   ${String(k.redisKeys).padStart(10)}  ${String(k.redisTtlMax).padStart(9)}`);
  }
  log(`edge: ${r.edge.newFiles} new files, ${r.edge.madeUpFiles} of made-up URLs; still servable (fresh or stale) after the wait: ${r.edge.servableAfterWait}`);
  log(`redis: ${r.redis.newKeys} new page keys (${r.redis.madeUpKeys} of made-up URLs), longest TTL ${r.redis.ttlMax} s, memory ${r.redis.memoryBefore} -> ${r.redis.memoryAfter}; made-up keys left after the wait: ${r.redis.madeUpKeysAfterWait}`);
  if (r.redis.otherNewKeys.length) log(`redis: the other new keys (real pages the flood asked for): ${r.redis.otherNewKeys.slice(0, 10).join(', ')}`);
  log(`page cache: a real page rendered before: ${r.pageCache.realPageAfter} after; ${Object.values(r.pageCache.sampleRightAfter).reduce((a, b) => a + b, 0)} made-up URLs asked of the site right after: ${JSON.stringify(r.pageCache.sampleRightAfter)}, after the wait: ${JSON.stringify(r.pageCache.sampleAfterWait)}`);
}
