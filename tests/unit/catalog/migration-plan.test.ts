/** What opening a catalogue of each version does, and the two stores' lists of steps. */
import { checkMigrationPath, describeStatus, newestVersion, planMigration } from '@/lib/catalog/migration';
import { PG_MIGRATIONS } from '@/lib/catalog/postgres/migrations';
import { PG_SCHEMA_VERSION } from '@/lib/catalog/postgres/schema';
import { SQLITE_MIGRATIONS } from '@/lib/catalog/sqlite/migrations';
import { SCHEMA_VERSION } from '@/lib/catalog/sqlite/schema';

const step = (version: number, does = `step ${version}`) => ({ version, does, apply: () => {} });
const PATH = { base: 5, steps: [step(6), step(7), step(9)] };

it.each([
  [null, 'create', []],
  [9, 'current', []],
  [10, 'newer', []],
  [4, 'older', []],
  [0, 'older', []],
  [5, 'migrate', [6, 7, 9]],
  [7, 'migrate', [9]],
  [8, 'migrate', [9]],
] as const)('a catalogue at version %p: %s %p', (version, kind, pending) => {
  const plan = planMigration(PATH, version);
  expect(plan.kind).toBe(kind);
  expect(plan.pending.map((s) => s.version)).toEqual(pending);
});

it('a store with no steps yet writes its base', () => {
  expect(newestVersion({ base: 4, steps: [] })).toBe(4);
  expect(planMigration({ base: 4, steps: [] }, 4).kind).toBe('current');
});

it.each([
  ['a repeated number', [step(6), step(6)]],
  ['a number going back', [step(7), step(6)]],
  ['a number at the base', [step(5)]],
  ['a fraction', [step(6.5)]],
  ['a description of two lines', [step(6, 'one\ntwo')]],
  ['a description with brackets', [step(6, 'index (source)')]],
])('refuses a list with %s', (_what, steps) => {
  expect(() => checkMigrationPath({ base: 5, steps })).toThrow(/^migration [56]/);
});

it("each store's list is in order and ends at the version its new catalogues are created with", () => {
  expect(() => checkMigrationPath(SQLITE_MIGRATIONS)).not.toThrow();
  expect(() => checkMigrationPath(PG_MIGRATIONS)).not.toThrow();
  expect(newestVersion(SQLITE_MIGRATIONS)).toBe(SCHEMA_VERSION);
  expect(newestVersion(PG_MIGRATIONS)).toBe(PG_SCHEMA_VERSION);
  // From 6 on one change of the catalogue is one number in both stores.
  const shared = (p: { steps: readonly { version: number; does: string }[] }) => p.steps.map((s) => [s.version, s.does]);
  expect(shared(PG_MIGRATIONS)).toEqual(shared(SQLITE_MIGRATIONS));
});

it('says what is pending, and what start would do with a catalogue it cannot migrate', () => {
  const status = (version: number | null, held = 0) => describeStatus({ label: 'db', version, newest: 9, plan: planMigration(PATH, version), held });
  expect(status(7)).toEqual(['db is catalogue schema 7; this version writes schema 9. Pending:', '  migration 9 (step 9)']);
  expect(status(9)).toEqual(['db is catalogue schema 9, the newest this version knows: nothing to migrate.']);
  expect(status(null)[0]).toMatch(/no catalogue yet/);
  expect(status(10)[0]).toMatch(/newer than the schema 9 .* refuse to start/);
  expect(status(4, 1200)[0]).toMatch(/holds 1,200 imported videos and takedowns: it would refuse to start/);
  expect(status(4)[0]).toMatch(/rebuilds it from the demo seed at schema 9/);
});
