/**
 * A catalogue of another schema version that holds an operator's content (imported videos,
 * takedowns): rebuilding it from the demo seed would lose them, so nothing is changed.
 */
export class CatalogUpgradeError extends Error {
  constructor(where: string, found: number, needed: number, rows: number) {
    super(
      `${where} is catalogue schema ${found} and holds ${rows.toLocaleString('en-US')} imported videos and takedowns; this version of tubefront needs schema ${needed} and would rebuild it from the demo seed, so nothing was changed. Keep running the version that made it, or import your feeds into a new catalogue (docs/operating.md, "Upgrading").`,
    );
    this.name = 'CatalogUpgradeError';
  }
}
