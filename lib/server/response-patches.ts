/**
 * Three fixes of `next start`'s answers that Next 16.4 offers no setting for, applied to Node's
 * ServerResponse once at start (instrumentation.ts). Each is narrow: they touch only the cases
 * named below and leave every other response as Next sends it.
 *
 * 1. A page that redirects (redirect() in a cached render) sends `Location` twice on the request
 *    that rendered it: the render sets the header on the response and also stores it with the
 *    cache entry, and the handler then appends the stored copy (vercel/next.js#82117, fix pending
 *    in #95913). Caches that join repeated headers turn that into `Location: /a, /a`. A second
 *    value for a header that may appear once replaces the first instead.
 *
 * 2. Next 16 lets a page choose no status but 404 and redirects. A page whose source failed renders
 *    its outage message (components/outage) and marks the request; a cached page's render then
 *    fails on purpose (so it is never stored) and Next answers 500, a per-request page answers 200.
 *    Either becomes 503 with Retry-After and no-store, so that crawlers and caches come back later
 *    instead of dropping or keeping the page. A 500 page answer while the source failed moments ago
 *    counts too: concurrent requests for one page share one render (and only its request is marked).
 *
 * 3. A 404 or a redirect names nothing worth keeping (lib/data/nothing-here.ts): anyone can invent
 *    such URLs, and each kept answer is one more cache entry. Next gives a short-lived page
 *    `s-maxage=60, stale-while-revalidate=` two days less a minute (expireTime is one setting for
 *    every page), and its own 404 of an unknown segment prefetch a day. Such an answer leaves with
 *    `max-age=0, s-maxage=` at most BRIEF_SECONDS and no stale-while-revalidate: a shared cache
 *    keeps it a minute at most. Answers that say private or no-store, or nothing, are left alone.
 */
import { Server, ServerResponse } from 'node:http';
import { getConfig } from '@/lib/config';
import { OUTAGE_RETRY_AFTER, sourceFailedWithin } from '@/lib/contract/outage';
import { requestContextStorage } from './request-context';

const SINGLE_VALUED = new Set(['location']);
/** The longest a shared cache may keep a 404 or a redirect (the page cache's SHORT_LIFETIME). */
export const BRIEF_SECONDS = 60;
const BRIEF_STATUSES = new Set([301, 302, 303, 307, 308, 404, 410]);
const PATCHED = Symbol.for('tubefront.responsePatches');

/** How recent a source failure must be for a failed render to count as an outage. */
function outageWindowMs(): number {
  return getConfig().apiTimeoutMs + 5000;
}

function isHtml(res: ServerResponse): boolean {
  const type = res.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

function isOutage(res: ServerResponse, status: number): boolean {
  if (!isHtml(res)) return false;
  if (requestContextStorage().getStore()?.outage) return status === 200 || status === 500;
  return status === 500 && sourceFailedWithin(outageWindowMs());
}

/** The Cache-Control a 404 or redirect leaves with (patch 3), or null to keep its own. */
export function briefCacheControl(status: number, cacheControl: unknown): string | null {
  // Not 304: a revalidation's headers replace the stored answer's, which names something.
  if (!BRIEF_STATUSES.has(status)) return null;
  const cc = Array.isArray(cacheControl) ? cacheControl.join(', ') : typeof cacheControl === 'string' ? cacheControl : '';
  if (!cc || /\b(?:private|no-store|no-cache)\b/i.test(cc)) return null;
  const shared = /\bs-maxage=(\d+)/i.exec(cc) ?? /\bmax-age=(\d+)/i.exec(cc);
  if (!shared) return null;
  const seconds = Math.min(Number(shared[1]), BRIEF_SECONDS);
  return seconds > 0 ? `max-age=0, s-maxage=${seconds}` : 'no-store';
}

/** Installs the patches once per process (instrumentation.ts). */
export function installResponsePatches(): void {
  const proto = ServerResponse.prototype;
  const target = proto as ServerResponse & { [PATCHED]?: true };
  if (target[PATCHED]) return;
  target[PATCHED] = true;

  // Every request runs in its own context (see request-context.ts).
  const storage = requestContextStorage();
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') return storage.run({}, () => emit.call(this, event, ...args));
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;

  const appendHeader = proto.appendHeader;
  proto.appendHeader = function (this: ServerResponse, name: string, value: string | readonly string[]) {
    if (SINGLE_VALUED.has(name.toLowerCase()) && this.hasHeader(name)) return this.setHeader(name, value);
    return appendHeader.call(this, name, value);
  };

  const writeHead = proto.writeHead as (this: ServerResponse, status: number, ...rest: unknown[]) => ServerResponse;
  proto.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const brief = briefCacheControl(status, this.getHeader('cache-control'));
    if (brief) this.setHeader('Cache-Control', brief);
    if (isOutage(this, status)) {
      status = 503;
      this.statusMessage = 'Service Unavailable';
      this.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER));
      this.setHeader('Cache-Control', 'no-store');
      // A reason phrase given with the call would still say 500's.
      if (typeof rest[0] === 'string') rest = rest.slice(1);
    }
    return writeHead.call(this, status, ...rest);
  } as typeof proto.writeHead;
}
