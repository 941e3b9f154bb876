/**
 * Imports a partner feed into the catalogue (DATABASE_URL's PostgreSQL, else the file at DATABASE_PATH):
 *   npm run import -- <file|url> [--format kvs-csv|kvs-json|kvs-xml|pornhub|xvideos] [--columns 'id|title|...']
 *     [--separator '|'] [--list-separator ','] [--header] [--source NAME] [--delete-missing]
 * Exit code 0 when the feed was read to its end (rejected rows are listed), 1 when it could not be
 * read (nothing changed when it could not even be opened), 2 on a usage error.
 */
import { getConfig } from '@/lib/config';
import { CatalogDiskFullError } from '@/lib/catalog/disk-full';
import { openCatalogTarget } from '@/lib/catalog/open';
import { parseImportArgs, UsageError } from '@/lib/import/cli-options';
import { formatMediaHostReport } from '@/lib/import/media-hosts';
import { FeedInputError, openFeed } from '@/lib/import/open-input';
import { runImport } from '@/lib/import/run-import';

const MAX_LISTED_REJECTS = 1000;

async function main(): Promise<number> {
  const config = getConfig();
  let cmd;
  try {
    cmd = parseImportArgs(process.argv.slice(2), config.embedHosts);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`import: ${e.message}`);
    return 2;
  }
  let input;
  try {
    input = await openFeed(cmd.target, { maxBytes: config.importUrlMaxBytes, timeoutMs: config.importUrlTimeoutMs, allowPrivate: config.importAllowPrivate });
  } catch (e) {
    if (!(e instanceof FeedInputError)) throw e;
    console.error(`import: cannot read ${e.message}; nothing was changed.`);
    return 1;
  }
  // The PostgreSQL catalogue when DATABASE_URL is set, else the SQLite file.
  const target = await openCatalogTarget(config);
  const writer = target.writer;
  let listed = 0;
  console.log(`Importing ${cmd.target} (${cmd.parse.format}, source ${cmd.source}) into ${target.label}`);
  let summary;
  try {
    summary = await runImport(input, cmd.parse, writer, {
      source: cmd.source,
      deleteMissing: cmd.deleteMissing,
      progressTo: process.stdout,
      parseInWorker: true,
      imgHosts: config.imgHosts,
      imgOrigins: [config.siteUrl, config.apiOrigin],
      onReject: (r) => {
        if (++listed <= MAX_LISTED_REJECTS) console.error(`line ${r.line}: rejected: ${r.reason}`);
      },
    });
  } catch (e) {
    console.error(
      e instanceof CatalogDiskFullError
        ? `import: ${e.message}; the catalogue keeps the rows committed before it: free some space and run the import again.`
        : `import: the feed broke off: ${(e as Error).message}; rows before it were imported.`,
    );
    await target.close();
    return 1;
  }
  const s = summary;
  console.log(
    `added ${s.added}, updated ${s.updated}, unchanged ${s.unchanged}, rejected ${s.rejected}, removed ${s.removed}` +
      (s.takenDown ? `, kept down ${s.takenDown}` : '') +
      ` (${s.rows} rows in ${s.seconds.toFixed(1)} s, ${Math.round(s.rows / Math.max(s.seconds, 0.001))} rows/s)`,
  );
  for (const line of formatMediaHostReport(s.hosts)) console.log(line);
  if (s.added + s.updated + s.removed > 0) {
    await target.tell({ reason: s.removed > 0 ? 'delete-missing' : 'import', videoIds: s.removedIds });
  }
  await target.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`import: ${(e as Error).message}`);
    process.exit(1);
  },
);
