/**
 * Catalogue maintenance (DATABASE_URL's PostgreSQL catalogue, else the file at DATABASE_PATH):
 *   npm run catalog -- remove <video_id>...
 *   npm run catalog -- remove --source NAME --external-id ID
 *   npm run catalog -- migrate [--check]
 * A takedown: the videos are deleted everywhere, stay down when their feed lists them again, and
 * the running site is told to drop its cached pages (REVALIDATE_URLS).
 * migrate: applies the schema migrations the catalogue lacks (one line each), as the next start
 * would, so that an operator may run them before a deploy; --check says what is pending and changes
 * nothing (exit code 1 when something is, or when start would refuse the catalogue).
 */
import { getConfig } from '@/lib/config';
import { backendFor, openCatalogTarget } from '@/lib/catalog/open';
import { describeStatus } from '@/lib/catalog/migration';
import { splitArgs, UsageError } from '@/lib/import/cli-options';
import type { RemoveTarget } from '@/lib/catalog/writer';

const USAGE = 'usage: npm run catalog -- remove <video_id>... | remove --source NAME --external-id ID | migrate [--check]';

type Command = { name: 'remove'; targets: RemoveTarget[] } | { name: 'migrate'; check: boolean };

function parse(argv: readonly string[]): Command {
  const { positional, flags } = splitArgs(argv, new Set(['source', 'external-id']), new Set(['check']));
  if (positional[0] === 'migrate') {
    if (positional.length > 1 || flags.has('source') || flags.has('external-id')) throw new UsageError(USAGE);
    return { name: 'migrate', check: flags.has('check') };
  }
  if (positional[0] !== 'remove' || flags.has('check')) throw new UsageError(USAGE);
  const ids = positional.slice(1);
  const source = flags.get('source');
  const externalId = flags.get('external-id');
  if (source !== undefined || externalId !== undefined) {
    if (!source || !externalId || ids.length > 0) throw new UsageError(USAGE);
    return { name: 'remove', targets: [{ source, externalId }] };
  }
  if (ids.length === 0) throw new UsageError(USAGE);
  return {
    name: 'remove',
    targets: ids.map((raw) => {
      if (!/^[1-9]\d{0,14}$/.test(raw)) throw new UsageError(`not a video id: ${JSON.stringify(raw)}`);
      return { videoId: Number(raw) };
    }),
  };
}

async function remove(list: RemoveTarget[]): Promise<number> {
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

async function migrate(check: boolean): Promise<number> {
  const config = getConfig();
  const backend = await backendFor(config);
  const status = await backend.migrationStatus(config);
  const kind = status.plan.kind;
  if (check || kind === 'create' || kind === 'current') {
    for (const line of describeStatus(status)) console.log(`catalog: ${line}`);
    return kind === 'create' || kind === 'current' ? 0 : 1;
  }
  // What start does: the steps (each says its line), a demo rebuild, or one line saying why not (thrown).
  const { label, seeded } = await backend.prepare(config);
  if (seeded) console.log(`catalog: rebuilt ${label} from the demo seed (${seeded.videos.toLocaleString('en-US')} videos): it was older than any migration reaches.`);
  console.log(`catalog: ${label} is at schema ${status.newest}.`);
  return 0;
}

async function main(): Promise<number> {
  let command: Command;
  try {
    command = parse(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`catalog: ${e.message}`);
    return 2;
  }
  return command.name === 'migrate' ? migrate(command.check) : remove(command.targets);
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`catalog: ${(e as Error).message}`);
    process.exit(1);
  },
);
