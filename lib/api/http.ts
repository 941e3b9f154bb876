import 'server-only';
/**
 * Answers of the site's own API (app/api route handlers): JSON with Cache-Control matching the
 * lifetime, 400 with a JSON error for bad parameters, and never a 500 or a stack trace.
 */
import { createHash } from 'node:crypto';
import { getConfig } from '@/lib/config';
import { getSource } from './index';
import { SourceError } from './errors';
import type { Parsed } from './route-params';
import type { Actor, Source } from './source';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Cache-Control for an answer that may be kept `lifetime` seconds by a shared cache. */
export function cacheControl(lifetime: number): string {
  if (lifetime <= 0) return 'no-store';
  // Browsers keep it briefly; a CDN keeps it for the lifetime and may serve it stale while refetching.
  return `public, max-age=${Math.min(lifetime, 300)}, s-maxage=${lifetime}, stale-while-revalidate=${lifetime}`;
}

export function json(body: unknown, init: { status?: number; lifetime?: number } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: {
      'content-type': JSON_TYPE,
      'cache-control': cacheControl(init.lifetime ?? 0),
      'x-content-type-options': 'nosniff',
    },
  });
}

export function badRequest(message: string): Response {
  return json({ error: 1, code: 'bad_request', message }, { status: 400 });
}

export function notFound(code: string): Response {
  return json({ error: 1, code }, { status: 404 });
}

function failure(err: unknown): Response {
  if (err instanceof SourceError) {
    const status = err.kind === 'timeout' ? 504 : 502;
    console.error(`[api] source failure (${err.kind}): ${err.message}`);
    return json({ error: 1, code: err.kind === 'timeout' ? 'source_timeout' : 'source_unavailable' }, { status });
  }
  console.error('[api] unexpected failure', err);
  return json({ error: 1, code: 'unavailable' }, { status: 503 });
}

/**
 * Runs a handler: parses its input (a 400 on failure), calls it with the active source, and turns
 * any failure into a JSON error (502/503/504), never a 500.
 */
export async function answer<T>(parsed: Parsed<T>, run: (value: T, source: Source) => Promise<Response>): Promise<Response> {
  if (!parsed.ok) return badRequest(parsed.message);
  try {
    return await run(parsed.value, await getSource());
  } catch (err) {
    return failure(err);
  }
}

/** The visitor's address as the proxy in front (or next start) reports it. */
export function clientIp(headers: Headers): string | undefined {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || headers.get('x-real-ip')?.trim();
  return ip && /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : undefined;
}

/** An opaque per-visitor key for the once-per-visitor vote rule: address and browser, hashed. */
export function actorFor(headers: Headers): Actor {
  const ip = clientIp(headers);
  const ua = (headers.get('user-agent') ?? '').slice(0, 256);
  const key = createHash('sha256').update(`${getConfig().voteSalt}|${ip ?? 'unknown'}|${ua}`).digest('base64url').slice(0, 32);
  return ip ? { key, ip } : { key };
}
