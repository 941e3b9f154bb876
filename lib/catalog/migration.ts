/**
 * What a catalogue migration is, for both stores (sqlite/migrations.ts, postgres/migrations.ts).
 *
 * A catalogue records the schema version it was written at. Each store keeps an ordered list of
 * numbered, forward-only steps from its oldest upgradable version (its base) on; a step's number
 * is the version the catalogue has once it is applied, and from 6 on the two stores share the
 * numbers, so that one change of the catalogue is one number in both. A step runs in a
 * transaction with the write of its number, so a catalogue is always at a version some code knew,
 * never between two. Nothing runs backwards: a catalogue newer than the code stops it.
 */

/** One step of a store's schema. */
export interface MigrationStep<Db, Out = void> {
  /** The catalogue's version once this step is applied. */
  version: number;
  /** What it does, for the log line: "migration 6 (<does>) applied in 12 ms". */
  does: string;
  /** The change, inside the transaction that also records `version`. */
  apply(db: Db): Out;
}

/** A store's steps, and the oldest version they start from. */
export interface MigrationPath<Step extends { version: number; does: string }> {
  /** The oldest version the steps upgrade: an older catalogue cannot be migrated. */
  base: number;
  steps: readonly Step[];
}

/** The version a store's code writes: its newest step's, or the base when there is none. */
export function newestVersion(path: MigrationPath<{ version: number; does: string }>): number {
  return path.steps.at(-1)?.version ?? path.base;
}

/**
 * What opening a catalogue at `version` (null: there is none) does:
 * - create: nothing there yet, build it;
 * - current: nothing to do;
 * - migrate: apply `pending`, in order;
 * - newer: written by a later version of the code: refuse (never a downgrade);
 * - older: older than the steps reach: rebuilt from the demo seed when it holds nothing of an operator's, else refused.
 */
export type MigrationPlan<Step> =
  | { kind: 'create' | 'current' | 'newer' | 'older'; pending: [] }
  | { kind: 'migrate'; pending: Step[] };

export function planMigration<Step extends { version: number; does: string }>(path: MigrationPath<Step>, version: number | null): MigrationPlan<Step> {
  const newest = newestVersion(path);
  if (version === null) return { kind: 'create', pending: [] };
  if (version === newest) return { kind: 'current', pending: [] };
  if (version > newest) return { kind: 'newer', pending: [] };
  if (version < path.base) return { kind: 'older', pending: [] };
  return { kind: 'migrate', pending: path.steps.filter((s) => s.version > version) };
}

/** Steps strictly in order and above the base: a list that is not would skip or repeat a change. */
export function checkMigrationPath(path: MigrationPath<{ version: number; does: string }>): void {
  let last = path.base;
  for (const step of path.steps) {
    if (!Number.isInteger(step.version) || step.version <= last) {
      throw new Error(`migration ${step.version} (${step.does}) is out of order: it must be an integer above ${last}`);
    }
    if (!step.does || /[\n()]/.test(step.does)) throw new Error(`migration ${step.version}: its description must be one line without brackets`);
    last = step.version;
  }
}

/** The one line a step applied prints. */
export function appliedLine(step: { version: number; does: string }, ms: number): string {
  return `catalogue: migration ${step.version} (${step.does}) applied in ${Math.round(ms)} ms`;
}

/** What `npm run catalog -- migrate --check` reports of a catalogue. */
export interface MigrationStatus {
  /** The file, or the URL without its password. */
  label: string;
  /** The catalogue's version, or null when there is none. */
  version: number | null;
  /** The version this code writes. */
  newest: number;
  plan: MigrationPlan<{ version: number; does: string }>;
  /** Imported videos and takedowns it holds (counted only when that decides something: an older catalogue). */
  held: number;
}

/** The lines `npm run catalog -- migrate --check` prints for a catalogue. */
export function describeStatus(s: MigrationStatus): string[] {
  const at = `${s.label} is catalogue schema ${s.version}`;
  switch (s.plan.kind) {
    case 'create':
      return [`${s.label}: no catalogue yet; the first start creates one at schema ${s.newest}.`];
    case 'current':
      return [`${at}, the newest this version knows: nothing to migrate.`];
    case 'migrate':
      return [`${at}; this version writes schema ${s.newest}. Pending:`, ...s.plan.pending.map((p) => `  migration ${p.version} (${p.does})`)];
    case 'newer':
      return [`${at}, newer than the schema ${s.newest} this version knows: it would refuse to start (a catalogue is never downgraded).`];
    case 'older':
      return [
        s.held > 0
          ? `${at}, older than any migration reaches, and holds ${s.held.toLocaleString('en-US')} imported videos and takedowns: it would refuse to start.`
          : `${at}, older than any migration reaches, and holds only the demo: the next start rebuilds it from the demo seed at schema ${s.newest}.`,
      ];
  }
}
