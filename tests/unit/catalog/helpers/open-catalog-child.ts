// Child process of the concurrency test: opens (creating if needed) the catalogue at argv[2].
import { openCatalogDb } from '@/lib/catalog/sqlite/db';

const db = openCatalogDb(process.argv[2] ?? '', { seedVideos: Number(process.argv[3] ?? 500) });
const buildId = db.prepare("SELECT value FROM meta WHERE key = 'build_id'").pluck().get();
const videos = db.prepare('SELECT count(*) FROM videos').pluck().get();
process.stdout.write(JSON.stringify({ buildId, videos }));
db.close();
