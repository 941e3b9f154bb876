import type { CatalogChange } from '@/lib/cache/catalog-change';

export interface AnnounceResult {
  origin: string;
  ok: boolean;
  detail: string;
}

const MAX_IDS = 10_000;

export interface AnnounceOptions {
  /** How long a server that answers 503 is asked again (60 s: a takedown's limit). */
  retryForMs?: number;
  /** Told before each wait (the command line prints it). */
  onRetry?: (origin: string, waitMs: number, detail: string) => void;
}

/** A 503's Retry-After (seconds, or an HTTP date) in ms, between 0.2 and 30 s; 2 s when it has none. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  const seconds = header !== null && /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : header ? Date.parse(header) - now : NaN;
  return Math.min(30_000, Math.max(200, Number.isFinite(seconds) ? seconds : 2000));
}

/** The header that carries EDGE_PURGE_SECRET to the edge (deploy/nginx/nginx.conf compares it). */
export const EDGE_PURGE_HEADER = 'x-tubefront-purge';

/**
 * What a refusal says. A redirect is never followed: the request carries a secret, which would go
 * wherever the redirect points (another host, or plain http).
 */
function answerDetail(res: Response): string {
  if (res.status >= 300 && res.status < 400) return `HTTP ${res.status} redirect, not followed with the secret`;
  return `HTTP ${res.status}`;
}

/**
 * Tells every running server (REVALIDATE_URLS) that the catalogue changed, so that they drop
 * their cached pages now. A server that is down or unreachable is reported, not fatal: it
 * re-reads the catalogue when it starts, and its pages expire with their lifetimes. A server that
 * answers 503 runs but cannot read the catalogue this moment (the change endpoint says so, with
 * Retry-After): it is asked again after the time it gives, for up to `retryForMs`, since its
 * cached pages would otherwise keep a taken-down video for their whole lifetime. A redirect is
 * reported as not reached: following it would hand the secret to wherever it points.
 */
export async function announceCatalogChange(change: CatalogChange, origins: readonly string[], secret: string, o: AnnounceOptions = {}): Promise<AnnounceResult[]> {
  const body = JSON.stringify({ ...change, videoIds: change.videoIds.slice(0, MAX_IDS) });
  const until = Date.now() + (o.retryForMs ?? 60_000);
  const once = async (origin: string): Promise<AnnounceResult & { retryMs?: number }> => {
    try {
      const res = await fetch(`${origin}/api/internal/catalog-changed/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-catalog-secret': secret },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      const retryMs = res.status === 503 ? retryAfterMs(res.headers.get('retry-after')) : undefined;
      return { origin, ok: res.ok, detail: res.ok ? 'pages purged' : answerDetail(res), retryMs };
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code;
      return { origin, ok: false, detail: cause ?? (e as Error).message };
    }
  };
  return Promise.all(
    origins.map(async (origin) => {
      let tries = 1;
      let r = await once(origin);
      while (r.retryMs !== undefined && Date.now() + r.retryMs <= until) {
        o.onRetry?.(origin, r.retryMs, r.detail);
        await new Promise((resolve) => setTimeout(resolve, r.retryMs));
        r = await once(origin);
        tries += 1;
      }
      return { origin, ok: r.ok, detail: tries > 1 ? `${r.detail} (after ${tries} tries)` : r.detail };
    }),
  );
}

/** How long purgeEdges waits after a PUT: the shipped edge's `open_file_cache_valid 1s`, and a margin. */
export const EDGE_SETTLE_MS = 1100;

/**
 * Empties every nginx edge (EDGE_PURGE_URLS, deploy/nginx/nginx.conf): `PUT /_edge/purge`, with
 * `secret` (EDGE_PURGE_SECRET, which the edge requires), rewrites
 * the edge's generation file, whose ETag starts every cache key there, so every cached page of
 * that edge becomes a miss (within a second, see below). Call it after the site's servers dropped
 * their own pages: an edge emptied first could fetch their old pages again and keep them for a day. The body's length
 * changes with the millisecond, so two purges within the same second still give two ETags (nginx
 * makes them from the file's modification time, in seconds, and its size).
 *
 * Each nginx worker keeps the file's stat up to a second (`open_file_cache_valid 1s`): until then a
 * worker that read it just before may still serve the old generation's pages (seen in test:edge: a
 * hit with the removed video just after the PUT). So once an edge took the PUT this waits
 * `settleMs` before it answers: "edge emptied" is then true of every worker.
 */
export async function purgeEdges(
  origins: readonly string[],
  secret: string,
  now = Date.now(),
  { settleMs = EDGE_SETTLE_MS }: { settleMs?: number } = {},
): Promise<AnnounceResult[]> {
  const body = `${new Date(now).toISOString()}\n${'.'.repeat(now % 1000)}\n`;
  const results = await Promise.all(
    origins.map(async (origin) => {
      try {
        const res = await fetch(`${origin}/_edge/purge`, {
          method: 'PUT',
          headers: { [EDGE_PURGE_HEADER]: secret },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        return { origin, ok: res.ok, detail: res.ok ? 'edge emptied' : answerDetail(res) };
      } catch (e) {
        const cause = (e as { cause?: { code?: string } }).cause?.code;
        return { origin, ok: false, detail: cause ?? (e as Error).message };
      }
    }),
  );
  if (settleMs > 0 && results.some((r) => r.ok)) await new Promise((resolve) => setTimeout(resolve, settleMs));
  return results;
}
