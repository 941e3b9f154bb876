// Child process of the first-start test: makes sure the catalogue at argv[2] exists (creating and
// seeding it when it does not), then prints whether this process built it and the build id it sees.
import { createPgPool, ensurePgCatalog } from '@/lib/catalog/postgres/db';

async function main() {
  const pool = createPgPool(process.argv[2] ?? '', 2);
  try {
    const built = await ensurePgCatalog(pool, { seedVideos: Number(process.argv[3] ?? 300), now: 1_749_988_800 });
    const buildId = (await pool.query("SELECT value FROM meta WHERE key = 'build_id'")).rows[0]?.value;
    const videos = (await pool.query('SELECT count(*)::int AS n FROM videos')).rows[0]?.n;
    process.stdout.write(JSON.stringify({ built: built !== null, buildId, videos }));
  } finally {
    await pool.end();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
