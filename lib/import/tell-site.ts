import type Database from 'better-sqlite3';
import type { CatalogChange } from '@/lib/cache/catalog-change';
import { changeSecret } from '@/lib/catalog/change-secret';
import type { Config } from '@/lib/config';
import { announceCatalogChange } from './announce';

/** Tells the running site about a change and prints one line per server. */
export async function tellSite(db: Database.Database, config: Config, change: CatalogChange): Promise<void> {
  if (config.revalidateUrls.length === 0) return;
  const secret = changeSecret(db, config.revalidateSecret, true);
  if (!secret) return;
  for (const r of await announceCatalogChange(change, config.revalidateUrls, secret)) {
    console.log(
      r.ok
        ? `site ${r.origin}: ${r.detail}`
        : `site ${r.origin} not reached (${r.detail}): its cached pages follow within their lifetimes`,
    );
  }
}
