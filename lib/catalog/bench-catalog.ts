/**
 * The catalogue benchmark's view of a catalogue (scripts/bench.ts, through open.ts): the same
 * Source the site reads with its search cache off, the same again with its listing counts never
 * cached, and the one store-specific job it times, so that one table of questions is asked of
 * whichever store the configuration names.
 */
import type { Source } from '@/lib/contract/source';

export interface BenchCatalogOptions {
  videos: number;
  /** Seed again even when the catalogue already holds `videos` demo videos of the current schema. */
  force: boolean;
  log: (line: string) => void;
}

export interface BenchCatalog {
  /** Where the results go under bench-results/ ('catalog' or 'catalog-pg'). */
  resultsName: string;
  /** How long the seed took, or null when an existing catalogue was reused. */
  seedMs: number | null;
  /** The site's source, search results not cached (the site keeps them a minute). */
  source: Source;
  /** The same catalogue with counts never cached: what the first visitor after a cache expiry pays. */
  coldCounts: Source;
  /** One daily move of the period windows beside one full rebuild, each timed. */
  periodWindows(): Promise<{ rollMs: number; rebuildMs: number }>;
  close(): Promise<void>;
}
