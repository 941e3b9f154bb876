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

/**
 * Seeds `videos` demo videos unless the catalogue at `label` already holds them (`current`) and no
 * --force asked otherwise; the seed's time, or null when it was reused.
 */
export async function seedUnlessCurrent(o: BenchCatalogOptions, label: string, current: boolean, seed: () => Promise<number | null> | number): Promise<number | null> {
  if (current && !o.force) {
    o.log(`Reusing ${label} (${o.videos.toLocaleString('en-US')} videos; --force re-seeds).`);
    return null;
  }
  o.log(`Seeding ${o.videos.toLocaleString('en-US')} videos into ${label} ...`);
  const ms = await seed();
  o.log(`Seeded in ${((ms ?? 0) / 1000).toFixed(1)} s.`);
  return ms;
}

/** One full rebuild of the period windows as of yesterday, then the daily move to today, each timed. */
export async function timePeriodWindows(windows: { rebuild(asOf: number): unknown; move(now: number): unknown }): Promise<{ rollMs: number; rebuildMs: number }> {
  const nowS = Math.floor(Date.now() / 1000);
  let t = performance.now();
  await windows.rebuild(nowS - 86_400);
  const rebuildMs = performance.now() - t;
  t = performance.now();
  await windows.move(nowS);
  return { rollMs: performance.now() - t, rebuildMs };
}
