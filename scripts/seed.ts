/**
 * Re-creates the embedded catalogue: npm run seed -- --videos N [--db path]
 * Defaults come from the configuration (SEED_VIDEOS, DATABASE_PATH).
 */
import path from 'node:path';
import { getConfig } from '@/lib/config';
import { parseFlags, positiveIntFlag } from '@/lib/catalog/cli-args';
import { rebuildCatalogFile } from '@/lib/catalog/db';

const flags = parseFlags(process.argv.slice(2));
const config = getConfig();
const videos = positiveIntFlag(flags, 'videos', config.seedVideos);
const file = path.resolve(process.cwd(), flags.get('db') ?? config.databasePath);

console.log(`Seeding ${videos.toLocaleString('en-US')} videos into ${file} ...`);
const result = rebuildCatalogFile(file, { seedVideos: videos });
console.log(`Seeded ${result.videos.toLocaleString('en-US')} videos in ${(result.ms / 1000).toFixed(1)} s.`);
