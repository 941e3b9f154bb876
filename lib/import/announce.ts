import type { CatalogChange } from '@/lib/cache/catalog-change';

export interface AnnounceResult {
  origin: string;
  ok: boolean;
  detail: string;
}

const MAX_IDS = 10_000;

/**
 * Tells every running server (REVALIDATE_URLS) that the catalogue changed, so that they drop
 * their cached pages now. A server that is down or unreachable is reported, not fatal: it
 * re-reads the catalogue when it starts, and its pages expire with their lifetimes.
 */
export async function announceCatalogChange(change: CatalogChange, origins: readonly string[], secret: string): Promise<AnnounceResult[]> {
  const body = JSON.stringify({ ...change, videoIds: change.videoIds.slice(0, MAX_IDS) });
  return Promise.all(
    origins.map(async (origin) => {
      try {
        const res = await fetch(`${origin}/api/internal/catalog-changed/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-catalog-secret': secret },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        return { origin, ok: res.ok, detail: res.ok ? 'pages purged' : `HTTP ${res.status}` };
      } catch (e) {
        const cause = (e as { cause?: { code?: string } }).cause?.code;
        return { origin, ok: false, detail: cause ?? (e as Error).message };
      }
    }),
  );
}

/**
 * Empties every nginx edge (EDGE_PURGE_URLS, deploy/nginx/nginx.conf): `PUT /_edge/purge` rewrites
 * the edge's generation file, whose ETag starts every cache key there, so every cached page of
 * that edge becomes a miss at once. Call it after the site's servers dropped their own pages: an
 * edge emptied first could fetch their old pages again and keep them for a day. The body's length
 * changes with the millisecond, so two purges within the same second still give two ETags (nginx
 * makes them from the file's modification time, in seconds, and its size).
 */
export async function purgeEdges(origins: readonly string[], now = Date.now()): Promise<AnnounceResult[]> {
  const body = `${new Date(now).toISOString()}\n${'.'.repeat(now % 1000)}\n`;
  return Promise.all(
    origins.map(async (origin) => {
      try {
        const res = await fetch(`${origin}/_edge/purge`, { method: 'PUT', body, signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        return { origin, ok: res.ok, detail: res.ok ? 'edge emptied' : `HTTP ${res.status}` };
      } catch (e) {
        const cause = (e as { cause?: { code?: string } }).cause?.code;
        return { origin, ok: false, detail: cause ?? (e as Error).message };
      }
    }),
  );
}
