/**
 * npm run bench:upstream-cache: how much heap the upstream's answer cache takes once full of
 * listings: 2,000 real-sized listing answers (tests/unit/api/upstream-listings.ts) put into the
 * cache of the count bound it had (2,000 entries) or into the byte-bounded one (UPSTREAM_CACHE_MB's
 * default, or MB). Without arguments it runs `count` and `bytes` alternately, each in a process of
 * its own, RUNS times (default 5), and prints each one's median and their ratio. One mode:
 *
 *   npx tsx --conditions=react-server scripts/bench-upstream-cache.ts count
 *   npx tsx --conditions=react-server scripts/bench-upstream-cache.ts bytes [MB]
 *   npx tsx --conditions=react-server scripts/bench-upstream-cache.ts missing [MB]
 *
 * (missing: 100,000 answers for made-up video ids, the recorded `{ error, code }`, into the byte
 * bound, to see that ENTRY_OVERHEAD_BYTES covers what such an entry holds.)
 * prints one JSON line: entries kept, their bytes as fetched, and the heap they hold (heapUsed
 * after a full collection, less the same before filling). Run each mode in a process of its own.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DEFAULT_UPSTREAM_CACHE_MB } from '@/lib/config';
import { LruCache } from '@/lib/cache/lru.mjs';
import { createAnswerCache, type KeptAnswer } from '@/lib/upstream/source';
import { listingAnswer } from '../tests/unit/api/upstream-listings';
import { median } from './lib/median.mjs';

const ANSWERS = 2000;
const MAX_STALE_MS = 7 * 86400 * 1000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const MiB = 1024 * 1024;

if (process.argv[2] === undefined) {
  // Side by side: count and bytes alternate, so a noisy machine weighs on both alike.
  const runs = Number(process.env.RUNS ?? 5);
  const heapMb: Record<'count' | 'bytes', number[]> = { count: [], bytes: [] };
  for (let i = 0; i < runs; i++) {
    for (const m of ['count', 'bytes'] as const) {
      const r = spawnSync(process.execPath, [...process.execArgv, __filename, m], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`bench:upstream-cache ${m} exited ${r.status}: ${r.stderr}`);
      console.log(r.stdout.trim());
      heapMb[m].push(JSON.parse(r.stdout).heapMb);
    }
  }
  const [count, bytes] = [median(heapMb.count), median(heapMb.bytes)];
  console.log(`heap held, median of ${runs}: count bound ${count} MB, byte bound (${DEFAULT_UPSTREAM_CACHE_MB} MiB) ${bytes} MB; bytes / count ${(bytes / count).toFixed(2)}`);
  process.exit(0);
}

const mode = process.argv[2];
const mb = Number(process.argv[3] ?? DEFAULT_UPSTREAM_CACHE_MB);
// The count bound as it was (2,000 entries of any size), or the byte bound.
const cache: LruCache<KeptAnswer> = mode === 'count' ? new LruCache<KeptAnswer>(2000, MAX_STALE_MS) : createAnswerCache(mb * 1024 * 1024, MAX_STALE_MS);

const missing = fs.readFileSync(path.join(__dirname, '../tests/fixtures/upstream/error-not-found.json'), 'utf8').trim();
const answers = mode === 'missing' ? 100_000 : ANSWERS;
const key = (n: number) => (mode === 'missing' ? `/api/json/video/86400/0/1000/${n}.json` : `/api/json/videos2/86400/str/latest-updates/60/..${n}.all...json`);

const before = heap();
let fetched = 0;
for (let page = 1; page <= answers; page++) {
  // As the source keeps them: the body parsed, its text then garbage.
  const text = mode === 'missing' ? missing : listingAnswer(page);
  const bytes = Buffer.byteLength(text);
  fetched += bytes;
  cache.set(key(page), { value: JSON.parse(text), at: Date.now(), bytes });
}
const after = heap();
let kept = 0;
for (let page = 1; page <= answers; page++) if (cache.get(key(page))) kept++;

console.log(
  JSON.stringify({
    mode: mode === 'count' ? 'count (2000 entries)' : `${mode} (${mb} MiB)`,
    answers,
    fetchedMb: +(fetched / MiB).toFixed(1),
    kept,
    usedMb: mode === 'count' ? null : +(cache.used / MiB).toFixed(1),
    heapMb: +((after - before) / MiB).toFixed(1),
  }),
);
