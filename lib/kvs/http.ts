import 'server-only';
/**
 * Answers of the site's own API (app/api route handlers): JSON with Cache-Control matching the
 * lifetime, 400 with a JSON error for bad parameters, and never a 500 or a stack trace.
 */
import { getConfig } from '@/lib/config';
import { clientAddress } from '@/lib/net/client-address';
import { subscriber } from '@/lib/net/visitor-key';
import { getSource } from '@/lib/data';
import { SourceError } from '@/lib/contract/errors';
import type { Parsed } from './route-params';
import { apiSource } from './api-source';
import type { Actor, Source } from '@/lib/contract/source';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Cache-Control for an answer that may be kept `lifetime` seconds by a shared cache. */
export function cacheControl(lifetime: number): string {
  if (lifetime <= 0) return 'no-store';
  // Browsers keep it briefly; a CDN keeps it for the lifetime and may serve it stale while refetching.
  return `public, max-age=${Math.min(lifetime, 300)}, s-maxage=${lifetime}, stale-while-revalidate=${lifetime}`;
}

export function json(body: unknown, init: { status?: number; lifetime?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: {
      'content-type': JSON_TYPE,
      'cache-control': cacheControl(init.lifetime ?? 0),
      'x-content-type-options': 'nosniff',
      ...init.headers,
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
 * Runs a handler: parses its input (a 400 on failure), calls it with the active source (its media
 * URLs absolute, ./api-source.ts), and turns any failure into a JSON error (502/503/504), never a 500.
 */
export async function answer<T>(parsed: Parsed<T>, run: (value: T, source: Source) => Promise<Response>): Promise<Response> {
  if (!parsed.ok) return badRequest(parsed.message);
  try {
    return await run(parsed.value, apiSource(await getSource(), getConfig().siteUrl));
  } catch (err) {
    return failure(err);
  }
}

/**
 * Who is acting, for the once-per-visitor vote rule and the rate limit: the visitor's address as
 * TRUST_PROXY allows it to be told (lib/net/client-address.ts), as the subscriber that holds it
 * (an IPv6 /64). Nothing keeps it as it is: a catalogue stores a keyed hash of it that changes
 * every day and goes when the day is over (voter-key.ts in lib/catalog/sqlite and
 * lib/catalog/postgres), the rate limit a keyed hash in memory; the address itself only travels
 * on to an upstream API, which counts its own votes.
 */
export function actorFor(headers: Headers): Actor {
  const ip = clientAddress(headers, getConfig().trustProxy);
  const key = subscriber(ip ?? 'unknown');
  return ip ? { key, ip } : { key };
}
