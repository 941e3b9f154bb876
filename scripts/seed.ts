/**
 * Re-creates the embedded catalogue: npm run seed -- --videos N [--db path]
 * Defaults come from the configuration (SEED_VIDEOS, DATABASE_PATH); with DATABASE_URL set (and no
 * --db) the catalogue on that PostgreSQL server is re-created instead.
 */
import path from 'node:path';
import { getConfig } from '@/lib/config';
import { parseFlags, positiveIntFlag } from '@/lib/catalog/cli-args';
import { rebuildCatalogFile } from '@/lib/catalog/db';
import { redactedUrl, reseedPg } from '@/lib/catalog/pg/cli';

const flags = parseFlags(process.argv.slice(2));
const config = getConfig();
const videos = positiveIntFlag(flags, 'videos', config.seedVideos);

if (config.databaseUrl && !flags.has('db')) {
  // DATABASE_URL: the catalogue on PostgreSQL (--db still names a SQLite file instead).
  const url = config.databaseUrl;
  console.log(`Seeding ${videos.toLocaleString('en-US')} videos into ${redactedUrl(url)} ...`);
  reseedPg(url, videos, (line) => console.log(line)).then(
    (result) => console.log(`Seeded ${result.videos.toLocaleString('en-US')} videos in ${(result.ms / 1000).toFixed(1)} s.`),
    (e: unknown) => {
      console.error(`seed: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
    },
  );
} else {
  const file = path.resolve(process.cwd(), flags.get('db') ?? config.databasePath);
  console.log(`Seeding ${videos.toLocaleString('en-US')} videos into ${file} ...`);
  const result = rebuildCatalogFile(file, { seedVideos: videos });
  console.log(`Seeded ${result.videos.toLocaleString('en-US')} videos in ${(result.ms / 1000).toFixed(1)} s.`);
}
