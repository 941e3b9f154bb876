/**
 * Part of test:redis (tests/redis/two-servers.test.mjs, which runs it with `node` and an IPC
 * channel): lib/cache/redis-handler.mjs driven the way Next drives it, in a process of its own,
 * against the suite's real redis-server (REDIS_URL), for the handler's rules that HTTP cannot
 * time exactly:
 *  - a render that began before a purge and stored its page after it does not outlive the purge
 *    (the entry is dated when Next found it missing, not when it was stored);
 *  - a render that began after the purge is kept;
 *  - a brief entry (a minute or less: a URL that names nothing) is served from memory;
 *  - a fetch entry expires with the tags Next passes when reading it.
 * It asserts nothing: it sends what the handler answered (ANSWERS below) to the test, which asserts
 * on it and looks at Redis itself, then exits.
 *
 * A process of its own because the handler keeps process-wide state (one Redis connection, made
 * from REDIS_URL when first used) that nothing closes: in the test's process it would keep the
 * process alive after the tests, and stay connected through the Redis outage the suite causes
 * later, writing its purge back into the emptied Redis itself, which is what the servers are
 * checked for doing.
 *
 * Arguments: the build's server folder (<distDir>/server: the handler finds BUILD_ID beside it)
 * and a run id (the purged tag is `_N_T_/redis-suite-<run>/layout`, the keys `/check-<run>/…`).
 */
import RedisCacheHandler from '../../lib/cache/redis-handler.mjs';

/**
 * What the handler answered, in order.
 * @typedef {object} Answers
 * @property {unknown} neverRendered get() of a page never rendered
 * @property {unknown} racedRender get() just after a render that began before a purge stored its page
 * @property {unknown} racedAgain the get() after that
 * @property {string | undefined} afterPurgeHtml the HTML get() gives after a render that began after the purge
 * @property {string | undefined} briefHtml the HTML get() gives of a brief entry just stored
 * @property {string | undefined} fetchBody the body get() gives of a fetch entry just stored
 * @property {unknown} fetchRevalidated get() of that fetch entry after its tag was revalidated
 */

const serverDistDir = /** @type {string} */ (process.argv[2]);
const run = /** @type {string} */ (process.argv[3]);
if (!serverDistDir || !run || !process.env.REDIS_URL || !process.send) {
  console.error('usage: REDIS_URL=redis://… node tests/redis/handler-rules.mjs <distDir>/server <run>, with an IPC channel');
  process.exit(2);
}
/** The clock moves between two steps: a purge and a render are never in the same millisecond. */
const tick = () => new Promise((r) => setTimeout(r, 5));

const tag = `_N_T_/redis-suite-${run}/layout`;
/** @param {string} html */
const page = (html) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from(html), headers: { 'x-next-cache-tags': `${tag},_N_T_/redis-suite-${run}/page` }, status: 200, postponed: undefined, segmentData: undefined });
const pageCtx = { kind: 'APP_PAGE', isFallback: false };
const setCtx = { cacheControl: { revalidate: 600, expire: 1200 } };

/**
 * What is read of an entry's value (the handler types only the fields it reads itself; the rest are `unknown`): a page's HTML, a fetch's body.
 * @param {{ value: unknown } | null} entry
 */
const valueOf = (entry) => /** @type {{ html?: string; data?: { body?: string } } | undefined} */ (entry?.value);

const handler = new RedisCacheHandler({ serverDistDir, maxMemoryCacheSize: 16 * 1024 * 1024 });

// A render racing a purge: Next finds the page missing, the purge comes, then the page is stored.
const raced = `/check-${run}/raced`;
const neverRendered = await handler.get(raced, pageCtx);
await tick();
await handler.revalidateTag(tag);
await tick();
await handler.set(raced, page('<p>read before the purge</p>'), setCtx);
const racedRender = await handler.get(raced, pageCtx);
await tick();
const racedAgain = await handler.get(raced, pageCtx);
await handler.set(raced, page('<p>read after the purge</p>'), setCtx);
const afterPurgeHtml = valueOf(await handler.get(raced, pageCtx))?.html;

// A brief entry (a URL that names nothing, cached a minute).
const briefKey = `/check-${run}/named-nothing`;
await handler.get(briefKey, pageCtx);
await handler.set(briefKey, page('<p>nothing here</p>'), { cacheControl: { revalidate: 60, expire: 172800 } });
const briefHtml = valueOf(await handler.get(briefKey, pageCtx))?.html;

// A fetch entry and the tags Next passes when reading it.
const fetchKey = `check-${run}-fetch`;
const fetchTag = `redis-suite-${run}-data`;
const fetchCtx = { kind: 'FETCH', tags: [fetchTag], softTags: [] };
await handler.get(fetchKey, fetchCtx);
await handler.set(fetchKey, { kind: 'FETCH', data: { headers: {}, body: '{"a":1}', url: 'http://x/', status: 200 }, revalidate: 600, tags: [fetchTag] }, { fetchCache: true, tags: [fetchTag] });
const fetchBody = valueOf(await handler.get(fetchKey, fetchCtx))?.data?.body;
await tick();
await handler.revalidateTag([fetchTag]);
const fetchRevalidated = await handler.get(fetchKey, fetchCtx);

/** @type {Answers} */
const answers = { neverRendered, racedRender, racedAgain, afterPurgeHtml, briefHtml, fetchBody, fetchRevalidated };
// Exits once the answers are sent: the handler's connection would keep the process alive.
process.send(answers, () => process.exit(0));
