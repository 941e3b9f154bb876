/**
 * Catalogue benchmark: npm run bench -- [--videos N] [--db path] [--force] [--iterations N]
 * [--only text] [--pg]. Seeds (or reuses) a catalogue of N videos (default 1,000,000), then times
 * the Source methods the site calls: median and p95 in ms per case, after a warm-up. Prints a table
 * and writes bench-results/catalog.json.
 *
 * The catalogue is opened through lib/catalog/open.ts, on the store the configuration names: the
 * SQLite file data/bench.db (--db path; never the site's DATABASE_PATH, which a seed would replace),
 * or PostgreSQL when DATABASE_URL is set, the table then written to bench-results/catalog-pg.json.
 * --pg or BENCH_PG=1 without DATABASE_URL starts a throwaway PostgreSQL 15 for it
 * (tests/support/system/postgres.mjs) and stops it at the end.
 */
import fs from 'node:fs';
import { openBenchCatalog } from '@/lib/catalog/open';
import { getConfig, type Config } from '@/lib/config';
import { catalogueKind } from '@/lib/config/source-kind';
import { runQueryTable } from './lib/catalog-bench';
import { parseFlags, positiveIntFlag } from './lib/cli-args';

const flags = parseFlags(process.argv.slice(2));
const videos = positiveIntFlag(flags, 'videos', 1_000_000);
const iterations = positiveIntFlag(flags, 'iterations', 200);

async function main(): Promise<void> {
  let config: Config = { ...getConfig(), databasePath: flags.get('db') ?? 'data/bench.db' };
  let stop = async (): Promise<void> => {};
  if (catalogueKind(config) === 'postgres' || process.env.BENCH_PG === '1' || flags.has('pg')) {
    const pg = await (await import('../tests/support/system/postgres.mjs')).databaseUrlOrThrowaway();
    config = { ...config, databaseUrl: pg.url };
    stop = pg.stop;
  }
  try {
    const catalog = await openBenchCatalog(config, { videos, force: flags.has('force'), log: (line) => console.log(line) });
    try {
      const results = await runQueryTable({
        source: catalog.source,
        coldCounts: catalog.coldCounts,
        videos,
        iterations,
        only: flags.get('only'),
        periodWindows: catalog.periodWindows,
      });
      const out = `bench-results/${catalog.resultsName}.json`;
      fs.mkdirSync('bench-results', { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify({ videos, iterations, seedMs: catalog.seedMs, measuredAt: new Date().toISOString(), results }, null, 2)}\n`);
      console.log(`Wrote ${out}`);
    } finally {
      await catalog.close();
    }
  } finally {
    await stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
