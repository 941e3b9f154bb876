/**
 * Why a catalogue was not opened, each in one line that start-up prints as it is
 * (docs/operating.md, "Upgrading"). In every case nothing was changed.
 */

/**
 * A catalogue older than the oldest version the migrations upgrade, holding an operator's content
 * (imported videos, takedowns): rebuilding it from the demo seed would lose them.
 */
export class CatalogUpgradeError extends Error {
  constructor(where: string, found: number, oldest: number, rows: number) {
    super(
      `${where} is catalogue schema ${found} and holds ${rows.toLocaleString('en-US')} imported videos and takedowns; this version of tubefront migrates catalogues of schema ${oldest} or later and would rebuild it from the demo seed, so nothing was changed. Upgrade through a version that migrates it first, or import your feeds into a new catalogue (docs/operating.md, "Upgrading").`,
    );
    this.name = 'CatalogUpgradeError';
  }
}

/** A catalogue written by a later version of tubefront: migrations only go forward. */
export class CatalogTooNewError extends Error {
  constructor(where: string, found: number, newest: number) {
    super(
      `${where} is catalogue schema ${found}, newer than the schema ${newest} this version of tubefront knows; a catalogue is never downgraded, so nothing was changed. Run the version that wrote it (or later); a demo catalogue can be rebuilt with npm run seed.`,
    );
    this.name = 'CatalogTooNewError';
  }
}

/** A migration step failed: its transaction was rolled back, so the catalogue is at the version before it. */
export class CatalogMigrationError extends Error {
  constructor(where: string, step: { version: number; does: string }, at: number, cause: unknown) {
    const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, ' ').trim();
    super(`${where}: migration ${step.version} (${step.does}) failed: ${reason}; it was rolled back, the catalogue is still schema ${at}.`, { cause });
    this.name = 'CatalogMigrationError';
  }
}
