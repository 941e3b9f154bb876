#!/usr/bin/env node
/**
 * npm run flood: what 10,000 made-up URLs leave in each cache (tests/support/system/flood.mjs), on the
 * current build (.next, built when missing or older than the sources): a throwaway redis-server,
 * the site's server with REDIS_URL and TRUST_PROXY=1 on a fresh catalogue, and the shipped nginx
 * edge in front. Prints the report and writes bench-results/flood.json. `--count N` sends N
 * URLs, `--wait S` waits S seconds before asking again (61). npm run test:edge runs the same
 * flood and checks it (its step 11).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, startNext } from '../tests/support/system/harness.mjs';
import { startEdge } from '../tests/support/system/edge.mjs';
import { flood, printFlood } from '../tests/support/system/flood.mjs';
import { request } from '../tests/support/system/http-client.mjs';
import { startRedis, stopRedis } from '../tests/support/system/redis.mjs';

const argv = process.argv.slice(2);
/** @type {(name: string, fallback: number) => number} */
const opt = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);

runMain('flood', async () => {
  const env = freshCatalogEnv('data/flood.db', { TRUST_PROXY: '1' });
  const built = buildOrPrepare(env);
  if (built !== 0) return built;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-flood-'));
  const redisPort = await freePort();
  const redis = await startRedis(redisPort, tmp);
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  let site;
  let edge;
  try {
    site = await startNext(await freePort(), { ...env, REDIS_URL: redisUrl });
    edge = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${site.port}`] });
    const list = JSON.parse((await request(`${site.baseUrl}/api/json/videos2/86400/str/latest-updates/10/..1.all...json`)).text);
    const report = await flood({ edge, siteBase: site.baseUrl, redisUrl, realId: Number(list.videos[3].video_id), count: opt('--count', 10_000), waitMs: opt('--wait', 61) * 1000 });
    printFlood(report);
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench-results', 'flood.json'), `${JSON.stringify(report, null, 2)}\n`);
    return 0;
  } finally {
    edge?.stop();
    site?.stop();
    await stopRedis(redis);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
