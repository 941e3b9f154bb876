/**
 * Re-creates the configured catalogue: npm run seed -- --videos N [--db path]
 * Defaults come from the configuration (SEED_VIDEOS, DATABASE_PATH): the catalogue on DATABASE_URL's
 * PostgreSQL server when it is set, else the SQLite file; --db names a SQLite file instead.
 */
import { getConfig } from '@/lib/config';
import { parseFlags, positiveIntFlag } from './lib/cli-args';
import { backendFor } from '@/lib/catalog/open';

const flags = parseFlags(process.argv.slice(2));
const configured = getConfig();
const videos = positiveIntFlag(flags, 'videos', configured.seedVideos);
const db = flags.get('db');
// --db: that SQLite file, whatever DATABASE_URL says.
const config = db ? { ...configured, databaseUrl: '', databasePath: db } : configured;

async function main(): Promise<void> {
  const backend = await backendFor(config);
  console.log(`Seeding ${videos.toLocaleString('en-US')} videos ...`);
  const { label, seeded } = await backend.reseed(config, videos, (line) => console.log(line));
  console.log(`Seeded ${seeded.videos.toLocaleString('en-US')} videos into ${label} in ${(seeded.ms / 1000).toFixed(1)} s.`);
}

main().catch((e: unknown) => {
  console.error(`seed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
