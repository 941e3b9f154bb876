/**
 * The catalogue the configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite file
 * at DATABASE_PATH (catalogueKind, lib/config/source-kind.ts). backendFor is the one place that opens it; the site (its source
 * and store), the catalogue tools (import, remove) and the scripts (seed, prepare, start) all come
 * through here. Each backend is loaded only when chosen: a site on one never loads the other's driver.
 */
import type { Source } from '@/lib/contract/source';
import { type Config, getConfig } from '@/lib/config';
import { catalogueKind } from '@/lib/config/source-kind';
import type { BenchCatalog, BenchCatalogOptions } from './bench-catalog';
import type { MigrationStatus } from './migration';
import type { CatalogStore, CatalogTarget, SeedResult } from './store';

export interface Backend {
  /** The process's catalogue as the site reads it, opened when a page first asks. */
  site(): { source: Source; store: CatalogStore };
  /** Where the catalogue tools write, with the way to tell the running site. */
  target(config: Config): Promise<CatalogTarget>;
  /**
   * Creates and seeds the catalogue when it is missing, applies the migrations it lacks, or rebuilds a demo
   * catalogue too old to migrate (lib/catalog/migration.ts); seeded null when it was not built.
   */
  prepare(config: Config): Promise<{ label: string; seeded: SeedResult | null }>;
  /** Its schema version, and what prepare would do to it, changing nothing. */
  migrationStatus(config: Config): Promise<MigrationStatus>;
  /** Re-creates the catalogue with `videos` demo videos. */
  reseed(config: Config, videos: number, log?: (line: string) => void): Promise<{ label: string; seeded: SeedResult }>;
}

/**
 * The catalogue benchmark's catalogue (scripts/bench.ts) on the backend of `config`: its
 * DATABASE_URL, else the SQLite file at its databasePath (the bench's own file, never the site's).
 */
export async function openBenchCatalog(config: Config, options: BenchCatalogOptions): Promise<BenchCatalog> {
  return catalogueKind(config) === 'postgres'
    ? (await import('./postgres/bench-catalog')).openPgBenchCatalog(config, options)
    : (await import('./sqlite/bench-catalog')).openSqliteBenchCatalog(config, options);
}

/** The backend of `config`. */
export async function backendFor(config: Config = getConfig()): Promise<Backend> {
  return catalogueKind(config) === 'postgres'
    ? (await import('./postgres/open')).postgresBackend
    : (await import('./sqlite/open')).sqliteBackend;
}

let site: Promise<{ source: Source; store: CatalogStore }> | undefined;

/** The site's catalogue (one per module instance, as the getters' caches are). */
export function siteCatalog(): Promise<{ source: Source; store: CatalogStore }> {
  site ??= backendFor().then((b) => b.site());
  return site;
}

/** Where the catalogue tools (npm run import, npm run catalog -- remove) write. */
export async function openCatalogTarget(config: Config): Promise<CatalogTarget> {
  return (await backendFor(config)).target(config);
}
