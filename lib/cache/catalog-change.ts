import 'server-only';
import { revalidatePath } from 'next/cache';

/** What changed in the catalogue, as a catalogue tool reports it to the running site. */
export interface CatalogChange {
  /** 'publish': scheduled videos went live (lib/server/publish-clock.ts). */
  reason: 'import' | 'takedown' | 'delete-missing' | 'publish';
  /** Videos added, updated or removed (at most a few thousand are listed; more means "many"). */
  videoIds: number[];
}

/**
 * The one place that makes this server forget pages built from an older catalogue. Today: Next's
 * page cache (the in-memory LRU and the pages prerendered at build). With REDIS_URL the same call
 * reaches every server: Next hands the tag to the Redis cache handler (lib/cache/redis-handler.mjs),
 * which shares it. The nginx edge is emptied not from here but by the catalogue tools themselves,
 * once every server has dropped its pages (EDGE_PURGE_URLS, `purgeEdges` in lib/notify/announce.ts).
 *
 * Every page and cached route under the root layout goes: a takedown must leave listings, search,
 * related lists, sitemaps and the API at once, and an import changes the same pages, so selective
 * purging would save little. Pages are re-rendered on their next request.
 */
export function onCatalogChange(change: CatalogChange): void {
  void change;
  revalidatePath('/', 'layout');
  // Search pages are rendered per request from lib/data's cache of results, which the page cache
  // does not hold: that cache follows the catalogue's content version (CatalogStore.contentVersion,
  // lib/catalog/store.ts).
}
