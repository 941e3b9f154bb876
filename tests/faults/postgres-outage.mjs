/**
 * PostgreSQL restarted under load, for test:faults: the site on its own PostgreSQL catalogue while
 * visitors ask for cached and never-seen pages; `pg_ctl restart -m fast`, `-m immediate`, then the
 * server stopped for STOPPED_MS and started again. No 500, no answer over 5 s, cached pages always
 * 200, health 503 while it is down, a vote and a view then refused with source_unavailable (and
 * the vote not counted later), one vote after it counted exactly once, and pages answering again
 * within RECOVERY_MS of each return (the figures say how soon).
 */
import assert from 'node:assert/strict';
import { freePort, freshCatalogEnv, npx, run, startNext } from '../support/system/harness.mjs';
import { byKindAndStatus, SLOW_MS, startVisitors, timedGet } from './load.mjs';
import { restartPostgres, stopPostgres } from './postgres-control.mjs';

/** How long PostgreSQL stays stopped. */
const STOPPED_MS = 5000;
/** The site's PostgreSQL catalogue: enough videos that the visitors never ask for one twice. */
const SITE_VIDEOS = 1500;
/** Pages must answer again within this of the database's return, without a restart. */
const RECOVERY_MS = 15_000;

/**
 * @param {{
 *   server: import('../support/system/postgres.mjs').PostgresServer;
 *   pgUrl: (name: string) => string;
 *   pgAdmin: (sql: string, database?: string) => Promise<any[]>;
 *   note: import('./import-faults.mjs').Note;
 * }} suite
 */
export async function postgresUnderLoad({ server, pgUrl, pgAdmin, note }) {
  // Its own catalogue, larger than the base: every page asked for under load is one never asked before.
  await pgAdmin('CREATE DATABASE faults_site');
  const env = { ...freshCatalogEnv('data/faults-suite.db'), DATABASE_URL: pgUrl('faults_site'), SEED_VIDEOS: String(SITE_VIDEOS) };
  assert.equal(run(npx, ['tsx', '--conditions=react-server', 'scripts/prepare-catalog.ts'], env), 0, 'seeding the site catalogue');
  const site = await startNext(await freePort(), env);
  try {
    const base = site.baseUrl;
    // Listed videos only: a scheduled one's page is not there yet.
    const videos = (
      await pgAdmin('SELECT id, dir FROM videos WHERE status_id = 1 AND post_date <= extract(epoch FROM now()) ORDER BY id', 'faults_site')
    ).map((r) => `/video/${r.id}/${r.dir}/`);
    const cached = ['/', '/categories/', ...videos.slice(0, 10)];
    // Twice: the first request renders and stores, the second is served from the cache.
    for (const url of [...cached, ...cached]) assert.equal((await timedGet(base + url)).status, 200, url);
    let next = cached.length;
    const fresh = () => videos[next++ % videos.length] ?? '/';
    const visitors = startVisitors(base, cached, fresh);
    /** A never-seen page every 50 ms until one answers 200; resolves to the time that took (Infinity: not within RECOVERY_MS). */
    const recovery = async () => {
      const t = performance.now();
      while ((await timedGet(base + fresh())).status !== 200) {
        if (performance.now() - t > RECOVERY_MS) return Infinity;
        await new Promise((r) => setTimeout(r, 50));
      }
      return Math.round(performance.now() - t);
    };
    /** @type {number[]} */
    const recoveries = [];
    /** Posts a vote (or a view) of the video at `url`, as its page's script does. */
    const vote = async (/** @type {string} */ url, act = 'vote') => {
      const id = idOf(url);
      const res = await fetch(`${base}/api/input.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `act=${act}&section=video&object_id=${id}${act === 'vote' ? '&vote=1' : ''}`,
        signal: AbortSignal.timeout(2 * SLOW_MS),
      });
      return { status: res.status, body: await res.text() };
    };
    const likes = async (/** @type {number} */ id) => Number((await pgAdmin(`SELECT likes FROM videos WHERE id = ${Number(id)}`, 'faults_site'))[0]?.likes);
    const idOf = (/** @type {string} */ url) => Number(/\/video\/(\d+)\//.exec(url)?.[1]);

    await new Promise((r) => setTimeout(r, 2000));
    for (const mode of /** @type {const} */ (['fast', 'immediate'])) {
      await restartPostgres(server, mode);
      recoveries.push(await recovery());
      note('PostgreSQL under load', `pg_ctl restart -m ${mode}: pages answer again after`, `${recoveries.at(-1)} ms`);
    }
    const refused = fresh();
    const refusedBefore = await likes(idOf(refused));
    const start = await stopPostgres(server);
    const stoppedAt = performance.now();
    const health = await timedGet(`${base}/api/health/`);
    const outageVote = await vote(refused);
    const outageView = await vote(refused, 'view');
    await new Promise((r) => setTimeout(r, Math.max(0, STOPPED_MS - (performance.now() - stoppedAt))));
    await start();
    note(
      'PostgreSQL under load',
      `stopped ${STOPPED_MS / 1000} s: health, a vote, a view`,
      `${health.status}; ${outageVote.status} ${outageVote.body}; ${outageView.status} ${outageView.body}`,
    );
    recoveries.push(await recovery());
    note('PostgreSQL under load', 'pages answer again after the start', `${recoveries.at(-1)} ms`);
    const refusedCounted = (await likes(idOf(refused))) - refusedBefore;
    const later = fresh();
    const before = await likes(idOf(later));
    const afterVote = await vote(later);
    const counted = (await likes(idOf(later))) - before;
    note('PostgreSQL under load', 'votes counted: the refused one, one after', `${refusedCounted}; ${afterVote.status} ${afterVote.body}, ${counted}`);
    const answers = await visitors.stop();
    for (const [key, { n, slowest }] of byKindAndStatus(answers)) note('PostgreSQL under load', `answers: ${key}`, `${n}, slowest ${Math.round(slowest)} ms`);

    assert.ok(recoveries.every((ms) => ms <= RECOVERY_MS), `pages answer again within ${RECOVERY_MS / 1000} s of the database's return`);
    assert.equal(health.status, 503, 'health says 503 while the database is down');
    for (const refusedPost of [outageVote, outageView]) {
      // 502: the catalogue behind the site failed (never a 500, never a hang).
      assert.ok([502, 503].includes(refusedPost.status), `a vote or view during the outage: ${refusedPost.status}`);
      assert.match(refusedPost.body, /"code":"source_unavailable"/);
    }
    assert.equal(afterVote.status, 200, afterVote.body);
    assert.equal(counted, 1, 'the vote after the outage counts once');
    const wrongs = answers.filter((a) => (a.kind === 'cached' ? a.status !== 200 : a.status !== 200 && a.status !== 503) || a.ms > SLOW_MS);
    assert.deepEqual(
      wrongs.map((a) => `${a.kind} ${a.url}: ${a.status} in ${Math.round(a.ms)} ms`),
      [],
      'cached pages answer 200, new ones 200 or 503, all within 5 s',
    );
    assert.equal(refusedCounted, 0, 'the vote refused during the outage was not counted after it');
  } finally {
    site.stop();
  }
}
