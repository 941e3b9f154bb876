/**
 * Run before next build/dev/start: creates and seeds the embedded catalogue when it is
 * missing (or of an older schema), otherwise returns at once; the same on PostgreSQL when DATABASE_URL
 * is set. Does nothing for an upstream API.
 */
import path from 'node:path';
import { getConfig } from '@/lib/config';
import { ensureCatalogFile } from '@/lib/catalog/db';
import { preparePg, redactedUrl } from '@/lib/catalog/pg/cli';
import { CatalogUpgradeError } from '@/lib/catalog/upgrade-error';

const config = getConfig();
if (config.apiOrigin) {
  console.log('prepare-catalog: API_ORIGIN is set, the embedded catalogue is not used.');
} else if (config.databaseUrl) {
  const url = config.databaseUrl;
  preparePg(url, config.seedVideos).then(
    (result) => {
      if (result) console.log(`prepare-catalog: seeded ${result.videos.toLocaleString('en-US')} videos into ${redactedUrl(url)} in ${(result.ms / 1000).toFixed(1)} s.`);
    },
    (e: unknown) => {
      console.error(`prepare-catalog: PostgreSQL catalogue at ${redactedUrl(url)}: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
    },
  );
} else {
  const file = path.resolve(process.cwd(), config.databasePath);
  try {
    const result = ensureCatalogFile(file, { seedVideos: config.seedVideos });
    if (result) {
      console.log(`prepare-catalog: seeded ${result.videos.toLocaleString('en-US')} videos into ${file} in ${(result.ms / 1000).toFixed(1)} s.`);
    }
  } catch (e) {
    if (!(e instanceof CatalogUpgradeError)) throw e;
    console.error(`prepare-catalog: ${e.message}`);
    process.exitCode = 1;
  }
}
