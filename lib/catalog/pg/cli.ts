/**
 * The catalogue scripts' PostgreSQL side (DATABASE_URL): seed, first-start preparation. Each opens
 * its own small pool and closes it, so that the script exits when done.
 */
import { createPgPool, ensurePgCatalog } from './db';
import type { PgSeedResult } from './seed';

/** The URL without its password, for log lines. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** Re-creates the catalogue on the server with `videos` demo videos (npm run seed). */
export async function reseedPg(url: string, videos: number, log?: (line: string) => void): Promise<PgSeedResult> {
  const pool = createPgPool(url, 2);
  try {
    const result = await ensurePgCatalog(pool, { seedVideos: videos, log }, true);
    if (!result) throw new Error('the catalogue was not rebuilt');
    return result;
  } finally {
    await pool.end();
  }
}

/** Creates and seeds the catalogue when the server has none (or one of another schema); null when it was there. */
export async function preparePg(url: string, seedVideos: number): Promise<PgSeedResult | null> {
  const pool = createPgPool(url, 2);
  try {
    return await ensurePgCatalog(pool, { seedVideos });
  } finally {
    await pool.end();
  }
}
