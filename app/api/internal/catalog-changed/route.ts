import { timingSafeEqual } from 'node:crypto';
import { onCatalogChange, type CatalogChange } from '@/lib/cache/catalog-change';
import { changeSecret } from '@/lib/catalog/change-secret';
import { getCatalogDb } from '@/lib/catalog/db';
import { pgChangeSecret } from '@/lib/catalog/pg/change-secret';
import { getPgPool } from '@/lib/catalog/pg/source';
import { getConfig } from '@/lib/config';

export const dynamic = 'force-dynamic';

const REASONS = new Set(['import', 'takedown', 'delete-missing']);
const NO_STORE = { 'Cache-Control': 'private, no-store' };

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseChange(body: unknown): CatalogChange | null {
  if (!body || typeof body !== 'object') return null;
  const { reason, videoIds } = body as Record<string, unknown>;
  if (typeof reason !== 'string' || !REASONS.has(reason)) return null;
  if (!Array.isArray(videoIds) || videoIds.length > 10_000 || !videoIds.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  return { reason: reason as CatalogChange['reason'], videoIds: videoIds as number[] };
}

/**
 * Catalogue tools (npm run import, npm run catalog -- remove) tell the running site what they
 * changed, so that cached pages go at once instead of at the end of their lifetimes.
 */
export async function POST(request: Request): Promise<Response> {
  const config = getConfig();
  // In front of an upstream API the catalogue tools do not apply.
  if (config.apiOrigin) return json(404, { error: 1, code: 'not_found' });
  const given = request.headers.get('x-catalog-secret') ?? '';
  const expected = config.databaseUrl
    ? await pgChangeSecret(await getPgPool(), config.revalidateSecret, false).catch(() => null)
    : changeSecret(getCatalogDb(), config.revalidateSecret, false);
  if (!expected || !given || !sameSecret(given, expected)) return json(403, { error: 1, code: 'forbidden' });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json(400, { error: 1, code: 'bad_request', message: 'body is not JSON' });
  }
  const change = parseChange(body);
  if (!change) return json(400, { error: 1, code: 'bad_request', message: 'expected { reason, videoIds }' });
  onCatalogChange(change);
  return json(200, { ok: 1 });
}
