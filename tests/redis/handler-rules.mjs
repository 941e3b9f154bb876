#!/usr/bin/env node
/**
 * Part of npm run test:redis (scripts/redis-suite.mjs), run in a process of its own against the
 * suite's real redis-server (REDIS_URL): the handler's rules that HTTP cannot time exactly.
 *  - A render that began before a purge and stored its page after it does not outlive the purge
 *    (the entry is dated when Next found it missing, not when it was stored).
 *  - A render that began after the purge is kept.
 *  - A fetch entry expires with the tags Next passes when reading it.
 *  - Entries are stored under the build's id with a TTL from their `expire`; brief ones (a minute
 *    or less: URLs that name nothing) are not stored in Redis at all.
 * Prints one line per check; exits with the number of failed checks.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import RedisCacheHandler from '../../lib/cache/redis-handler.mjs';

/** The build's server folder (<distDir>/server), where the handler finds BUILD_ID beside it. */
const serverDistDir = /** @type {string} */ (process.argv[2]);
const redisPort = Number(new URL(/** @type {string} */ (process.env.REDIS_URL)).port);
let failures = 0;
/**
 * @param {boolean} ok
 * @param {string} what
 */
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} handler: ${what}`);
  if (!ok) failures++;
}
const tick = () => new Promise((r) => setTimeout(r, 5));

/**
 * @param {string[]} args
 * @returns {Promise<string>}
 */
function redisCommand(args) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(redisPort, '127.0.0.1');
    let data = '';
    socket.on('connect', () => socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`));
    socket.on('data', (d) => {
      data += d;
      if (data.endsWith('\r\n')) {
        socket.end();
        resolve(data.trim());
      }
    });
    socket.on('error', reject);
  });
}

const run = process.argv[3] || randomBytes(4).toString('hex');
const tag = `_N_T_/redis-suite-${run}/layout`;
/** @param {string} html */
const page = (html) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from(html), headers: { 'x-next-cache-tags': `${tag},_N_T_/redis-suite-${run}/page` }, status: 200, postponed: undefined, segmentData: undefined });
const pageCtx = { kind: 'APP_PAGE', isFallback: false };
const setCtx = { cacheControl: { revalidate: 600, expire: 1200 } };

/**
 * What the checks read of an entry's value (the handler's types leave it `unknown`): a page's
 * HTML, a fetch's body.
 * @param {{ value: unknown } | null} entry
 */
const valueOf = (entry) => /** @type {{ html?: string; data?: { body?: string } } | undefined} */ (entry?.value);

const handler = new RedisCacheHandler({ serverDistDir, maxMemoryCacheSize: 16 * 1024 * 1024 });

// A render racing a purge.
const raced = `/check-${run}/raced`;
check((await handler.get(raced, pageCtx)) === null, 'a page never rendered is a miss');
await tick();
await handler.revalidateTag(tag);
await tick();
await handler.set(raced, page('<p>read before the purge</p>'), setCtx);
check((await handler.get(raced, pageCtx)) === null, 'a render that began before a purge and ended after it is not served');
await tick();
check((await handler.get(raced, pageCtx)) === null, 'the next request renders it again');
await handler.set(raced, page('<p>read after the purge</p>'), setCtx);
const kept = await handler.get(raced, pageCtx);
check(valueOf(kept)?.html === '<p>read after the purge</p>', 'the render that began after the purge is served');

// Stored under the build id, with a TTL.
const buildId = fs.readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
const ttl = Number((await redisCommand(['TTL', `tubefront:${buildId}:${raced}`])).slice(1));
check(ttl > 1100 && ttl <= 1200, `the entry is stored under the build id with the page's expire as TTL (${ttl} s)`);
const tags = await redisCommand(['HGET', 'tubefront:tags', tag]);
check(/^\$\d+\r\n\d{13}$/.test(tags), `the purge is in the shared tag hash (${JSON.stringify(tags.split('\r\n')[1])})`);

// A brief entry (a URL that names nothing, cached a minute): this server's memory only.
const brief = `/check-${run}/named-nothing`;
await handler.get(brief, pageCtx);
await handler.set(brief, page('<p>nothing here</p>'), { cacheControl: { revalidate: 60, expire: 172800 } });
check(valueOf(await handler.get(brief, pageCtx))?.html === '<p>nothing here</p>', 'a brief entry is served within its minute');
check((await redisCommand(['EXISTS', `tubefront:${buildId}:${brief}`])) === ':0', 'a brief entry is never written to Redis');

// A fetch entry and the tags Next passes when reading it.
const fetchKey = `check-${run}-fetch`;
const fetchTag = `redis-suite-${run}-data`;
await handler.get(fetchKey, { kind: 'FETCH', tags: [fetchTag], softTags: [] });
await handler.set(fetchKey, { kind: 'FETCH', data: { headers: {}, body: '{"a":1}', url: 'http://x/', status: 200 }, revalidate: 600, tags: [fetchTag] }, { fetchCache: true, tags: [fetchTag] });
const fetched = await handler.get(fetchKey, { kind: 'FETCH', tags: [fetchTag], softTags: [] });
check(valueOf(fetched)?.data?.body === '{"a":1}', 'a fetch entry is served');
await tick();
await handler.revalidateTag([fetchTag]);
check((await handler.get(fetchKey, { kind: 'FETCH', tags: [fetchTag], softTags: [] })) === null, 'a fetch entry whose tag was revalidated is not served');

process.exit(failures);
