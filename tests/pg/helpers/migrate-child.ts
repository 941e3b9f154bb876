// Child process of the concurrent-migration test: brings the catalogue at argv[2] to the newest
// schema, then prints the migration lines this process applied and the version it sees.
import { createPgPool, ensurePgCatalog } from '@/lib/catalog/postgres/db';

async function main() {
  const pool = createPgPool(process.argv[2] ?? '', 2);
  const lines: string[] = [];
  try {
    const seeded = await ensurePgCatalog(pool, { seedVideos: 5, log: (line) => lines.push(line) });
    const version = (await pool.query("SELECT value FROM meta WHERE key = 'schema_version'")).rows[0]?.value;
    process.stdout.write(JSON.stringify({ lines, seeded: seeded !== null, version }));
  } finally {
    await pool.end();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
