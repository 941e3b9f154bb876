/**
 * Catalogue maintenance (DATABASE_URL's PostgreSQL catalogue, else the file at DATABASE_PATH):
 *   npm run catalog -- remove <video_id>...
 *   npm run catalog -- remove --source NAME --external-id ID
 * A takedown: the videos are deleted everywhere, stay down when their feed lists them again, and
 * the running site is told to drop its cached pages (REVALIDATE_URLS).
 */
import { getConfig } from '@/lib/config';
import { openCatalogTarget } from '@/lib/catalog/open';
import { splitArgs, UsageError } from '@/lib/import/cli-options';
import type { RemoveTarget } from '@/lib/catalog/writer';

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
  // The PostgreSQL catalogue when DATABASE_URL is set, else the SQLite file.
  const target = await openCatalogTarget(config);
  const writer = target.writer;
  const { removed, missing } = await writer.remove(list, { takedown: true });
  await writer.finish();
  for (const r of removed) console.log(`removed video ${r.id}${r.source ? ` (${r.source} ${r.externalId})` : ''}`);
  for (const m of missing) console.error(`not found: ${'videoId' in m ? `video ${m.videoId}` : `${m.source} ${m.externalId}`}`);
  if (removed.length > 0) await target.tell({ reason: 'takedown', videoIds: removed.map((r) => r.id) });
  await target.close();
  return missing.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`catalog: ${(e as Error).message}`);
    process.exit(1);
  },
);
