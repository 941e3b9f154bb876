/**
 * Run before next build/dev/start: creates and seeds the embedded catalogue when it is
 * missing (or of an older schema), otherwise returns at once. Does nothing for an upstream API.
 */
import path from 'node:path';
import { getConfig } from '@/lib/config';
import { ensureCatalogFile } from '@/lib/catalog/db';

const config = getConfig();
if (config.apiOrigin) {
  console.log('prepare-catalog: API_ORIGIN is set, the embedded catalogue is not used.');
} else {
  const file = path.resolve(process.cwd(), config.databasePath);
  const result = ensureCatalogFile(file, { seedVideos: config.seedVideos });
  if (result) {
    console.log(`prepare-catalog: seeded ${result.videos.toLocaleString('en-US')} videos into ${file} in ${(result.ms / 1000).toFixed(1)} s.`);
  }
}
