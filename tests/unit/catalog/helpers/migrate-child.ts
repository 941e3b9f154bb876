// Child process of the concurrent-migration test: brings the catalogue at argv[2] to the newest
// schema, then prints the migration lines this process applied and the version it sees.
import { ensureCatalogFile } from '@/lib/catalog/sqlite/db';
import { schemaOf } from './old-catalogue';

const lines: string[] = [];
const seeded = ensureCatalogFile(process.argv[2] ?? '', { seedVideos: 5, log: (line) => lines.push(line) });
process.stdout.write(JSON.stringify({ lines, seeded: seeded !== null, version: schemaOf(process.argv[2] ?? '').version }));
