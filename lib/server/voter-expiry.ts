import 'server-only';
/**
 * A vote is kept under the visitor's key only while that key can refuse a second vote: its UTC
 * day (voter-key.ts in lib/catalog/sqlite and lib/catalog/postgres). Each server looks once a
 * minute whether a day has ended since it last dropped the past days' votes, and drops them then,
 * whether or not anybody votes or visits meanwhile; the first look is at start, for whatever a
 * stopped server left behind. Nothing to do in front of an upstream API, which counts its own votes.
 */
import { getConfig } from '@/lib/config';
import { sourceCapabilities } from '@/lib/config/source-kind';
import { nowSeconds } from '@/lib/catalog/filters';
import { dayOf } from '@/lib/catalog/periods';

export const CHECK_MS = 60_000;

/** Drops the votes of the days before `now`'s from the configured catalogue; the number dropped. */
export async function forgetPastVotersNow(now = nowSeconds()): Promise<number> {
  // On SQLite, never waits for the write lock on the event loop (an import may hold it).
  return (await (await import('@/lib/catalog/open')).siteCatalog()).store.forgetPastVoters(now);
}

// On globalThis: instrumentation.ts and the route handlers are bundled apart.
const holder = globalThis as typeof globalThis & { __tubefrontVoterExpiry?: NodeJS.Timeout };

/** Starts this server's look (once; instrumentation.ts). */
export function startVoterExpiry(checkMs = CHECK_MS): void {
  if (!sourceCapabilities(getConfig()).votes || holder.__tubefrontVoterExpiry) return;
  let doneDay: number | null = null;
  let failing = false;
  async function tick(): Promise<void> {
    const now = nowSeconds();
    if (dayOf(now) === doneDay) return;
    try {
      await forgetPastVotersNow(now);
      doneDay = dayOf(now);
      failing = false;
    } catch (e) {
      // Once per outage: the catalogue may be down for a while, and the next minute tries again.
      if (!failing) console.warn(`[votes] past days' votes not dropped yet (${e instanceof Error ? e.message : String(e)}); trying again every ${checkMs / 1000} s`);
      failing = true;
    }
  }
  holder.__tubefrontVoterExpiry = setInterval(() => void tick(), checkMs).unref();
  void tick();
}
