/**
 * Catalogue maintenance on the embedded catalogue (DATABASE_PATH):
 *   npm run catalog -- remove <video_id>...
 *   npm run catalog -- remove --source NAME --external-id ID
 * A takedown: the videos are deleted everywhere, stay down when their feed lists them again, and
 * the running site is told to drop its cached pages (REVALIDATE_URLS).
 */
import { getConfig } from '@/lib/config';
import { openCatalogDb } from '@/lib/catalog/db';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite-writer';
import { splitArgs, UsageError } from '@/lib/import/cli-options';
import { tellSite } from '@/lib/import/tell-site';
import type { RemoveTarget } from '@/lib/import/writer';

const USAGE = 'usage: npm run catalog -- remove <video_id>... | remove --source NAME --external-id ID';

function targets(argv: readonly string[]): RemoveTarget[] {
  const { positional, flags } = splitArgs(argv, new Set(['source', 'external-id']), new Set());
  if (positional[0] !== 'remove') throw new UsageError(USAGE);
  const ids = positional.slice(1);
  const source = flags.get('source');
  const externalId = flags.get('external-id');
  if (source !== undefined || externalId !== undefined) {
    if (!source || !externalId || ids.length > 0) throw new UsageError(USAGE);
    return [{ source, externalId }];
  }
  if (ids.length === 0) throw new UsageError(USAGE);
  return ids.map((raw) => {
    if (!/^[1-9]\d{0,14}$/.test(raw)) throw new UsageError(`not a video id: ${JSON.stringify(raw)}`);
    return { videoId: Number(raw) };
  });
}

async function main(): Promise<number> {
  let list: RemoveTarget[];
  try {
    list = targets(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`catalog: ${e.message}`);
    return 2;
  }
  const config = getConfig();
  const db = openCatalogDb(config.databasePath);
  const writer = new SqliteCatalogWriter(db);
  const { removed, missing } = await writer.remove(list, { takedown: true });
  await writer.finish();
  for (const r of removed) console.log(`removed video ${r.id}${r.source ? ` (${r.source} ${r.externalId})` : ''}`);
  for (const m of missing) console.error(`not found: ${'videoId' in m ? `video ${m.videoId}` : `${m.source} ${m.externalId}`}`);
  if (removed.length > 0) await tellSite(db, config, { reason: 'takedown', videoIds: removed.map((r) => r.id) });
  db.close();
  return missing.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`catalog: ${(e as Error).message}`);
    process.exit(1);
  },
);
