import { timingSafeEqual } from 'node:crypto';
import { readBodyJson } from '@/lib/kvs/request-body';
import { onCatalogChange, type CatalogChange } from '@/lib/cache/catalog-change';
import { siteCatalog } from '@/lib/catalog/open';
import { getConfig } from '@/lib/config';
import { sourceCapabilities } from '@/lib/config/source-kind';
import { rereadPublishClock } from '@/lib/server/publish-clock';

export const dynamic = 'force-dynamic';

const REASONS = new Set(['import', 'takedown', 'delete-missing', 'publish']);
const NO_STORE = { 'Cache-Control': 'private, no-store' };
/** Seconds a tool is asked to wait when the catalogue (and so the secret) cannot be read: as /api/health/. */
const RETRY_AFTER_S = 10;
/** The largest change a tool sends: 10,000 ids of up to 16 digits, a comma each, and the reason. */
const MAX_BODY = 256 * 1024;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
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
 * changed, so that cached pages go at once instead of at the end of their lifetimes; the server's
 * own publish clock tells it when scheduled videos went live (lib/server/publish-clock.ts).
 */
export async function POST(request: Request): Promise<Response> {
  const config = getConfig();
  // In front of an upstream API the catalogue tools do not apply.
  if (!sourceCapabilities(config).catalogueChanges) return json(404, { error: 1, code: 'not_found' });
  const given = request.headers.get('x-catalog-secret') ?? '';
  if (!given) return json(403, { error: 1, code: 'forbidden' });
  // The secret is REVALIDATE_SECRET, else the one kept in the catalogue. A catalogue that cannot be
  // read (PostgreSQL down or unreachable from this server) says nothing about the secret given:
  // 503, so that the tool reports "try again" rather than a wrong secret. A configured secret needs
  // no catalogue (the purge then works while PostgreSQL is down).
  let expected: string | null;
  try {
    expected = config.revalidateSecret || (await (await siteCatalog()).store.changeSecret('', false));
  } catch (e) {
    console.error(`[catalog-changed] the catalogue cannot be read, answering 503: ${e instanceof Error ? e.message : String(e)}`);
    return json(
      503,
      { error: 1, code: 'catalog_unavailable', message: `the catalogue cannot be read from this server; try again in ${RETRY_AFTER_S} s` },
      { 'Retry-After': String(RETRY_AFTER_S) },
    );
  }
  if (!expected || !sameSecret(given, expected)) return json(403, { error: 1, code: 'forbidden' });
  const body = await readBodyJson(request, MAX_BODY, { 'cache-control': NO_STORE['Cache-Control'] });
  if (!body.ok) return body.response;
  const change = parseChange(body.value);
  if (!change) return json(400, { error: 1, code: 'bad_request', message: 'expected { reason, videoIds }' });
  onCatalogChange(change);
  // An import may have scheduled a video sooner than the clock knows of.
  if (change.reason !== 'publish') rereadPublishClock();
  return json(200, { ok: 1 });
}
