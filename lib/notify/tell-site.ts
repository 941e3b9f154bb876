import type { CatalogChange } from '@/lib/cache/catalog-change';
import type { Config } from '@/lib/config';
import { announceCatalogChange, purgeEdges } from './announce';

/** Where the secret the servers check is kept (a catalogue store's changeSecret, lib/catalog/store.ts). */
export interface SecretKeeper {
  changeSecret(configured: string, create: boolean): Promise<string | null> | string | null;
}

/**
 * Tells the running site about a change, then empties the nginx edges; one line per server. Takes
 * only the secret's keeper, not a catalogue: the catalogue's tools call this, and notification
 * knows nothing of the catalogue.
 */
export async function tellSite(store: SecretKeeper, config: Config, change: CatalogChange): Promise<void> {
  const secret = config.revalidateUrls.length === 0 ? '' : await store.changeSecret(config.revalidateSecret, true);
  if (secret) {
    const onRetry = (origin: string, ms: number, detail: string) => console.log(`site ${origin}: ${detail}, asking again in ${(ms / 1000).toFixed(1)} s`);
    for (const r of await announceCatalogChange(change, config.revalidateUrls, secret, { onRetry })) {
      console.log(
        r.ok
          ? `site ${r.origin}: ${r.detail}`
          : `site ${r.origin} not reached (${r.detail}): its cached pages follow within their lifetimes`,
      );
    }
  }
  // Only now: the servers above no longer hold the old pages the edges would fetch again.
  for (const r of await purgeEdges(config.edgePurgeUrls, config.edgePurgeSecret)) {
    console.log(
      r.ok
        ? `edge ${r.origin}: ${r.detail}`
        : `edge ${r.origin} not reached (${r.detail}): it serves its cached pages until their lifetimes end`,
    );
  }
}
