/**
 * A write that failed because the disk under the catalogue is full. SQLite rolls the transaction
 * back (SQLITE_FULL, even on COMMIT) and PostgreSQL aborts it (53100 disk_full): the catalogue
 * keeps what earlier commits wrote, and an import run again once there is room completes it. The
 * error's own words ("database or disk is full") name no disk, so an operator would not know which.
 */
export class CatalogDiskFullError extends Error {
  constructor(where: string, cause: unknown) {
    // Not `instanceof Error`: a driver's error may come from another realm (a worker, a test's sandbox).
    const said = (cause as { message?: unknown } | null)?.message;
    super(`the disk holding ${where} is full: ${typeof said === 'string' ? said : String(cause)}`, { cause });
    this.name = 'CatalogDiskFullError';
  }
}

/** SQLite's, PostgreSQL's and the file system's codes for a full disk. */
const FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC']);

/** `e` as a CatalogDiskFullError naming `where` when it says the disk is full, else `e` itself. */
export function diskFullOr(e: unknown, where: string): unknown {
  if (e instanceof CatalogDiskFullError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_CODES.has(code) ? new CatalogDiskFullError(where, e) : e;
}
