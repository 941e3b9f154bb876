import 'server-only';
/**
 * One HTTP exchange with the upstream API, on node:http rather than the global fetch: Next's
 * patched fetch keeps every status-200 answer in its data cache, so an upstream's maintenance
 * page or `{ error }` body sent with 200 would be replayed for the whole lifetime. Here nothing is
 * cached (./source.ts keeps the last good, validated answers), every call has one deadline for
 * connection, headers and body, the body is bounded, and redirects are followed only within the
 * upstream's own origin.
 */
import http from 'node:http';
import https from 'node:https';
import { SourceError } from '@/lib/contract/errors';
import { loggedPath } from './logged-path';

export interface UpstreamAnswer {
  status: number;
  contentType: string;
  text: string;
  /** The body's size in bytes, as received (before decoding and parsing). */
  bytes: number;
}

export interface ExchangeOptions {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  maxBytes?: number;
  maxRedirects?: number;
}

const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

function once(url: URL, o: ExchangeOptions, signal: AbortSignal): Promise<UpstreamAnswer & { location: string | null }> {
  const lib = url.protocol === 'https:' ? https : http;
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    const req = lib.request(url, { method: o.method ?? 'GET', headers: o.headers, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new SourceError('invalid-response', `Answer over ${maxBytes} bytes from ${url.pathname}`, { status: res.statusCode }));
        } else chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          location: typeof res.headers.location === 'string' ? res.headers.location : null,
          text: Buffer.concat(chunks).toString('utf8'),
          bytes: size,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/** GETs or POSTs `origin + path`; throws SourceError (timeout, network, redirect) when no answer comes. */
export async function exchange(origin: string, path: string, o: ExchangeOptions): Promise<UpstreamAnswer> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  const home = new URL(origin);
  let url = new URL(`${origin}${path}`);
  for (let hop = 0; ; hop++) {
    let answer: Awaited<ReturnType<typeof once>>;
    try {
      answer = await once(url, o, signal);
    } catch (cause) {
      if (cause instanceof SourceError) throw cause;
      const timedOut = signal.aborted;
      throw new SourceError(timedOut ? 'timeout' : 'network', `${timedOut ? 'Timed out' : 'Failed'} fetching ${loggedPath(path)}`, { cause });
    }
    if (answer.status < 300 || answer.status >= 400 || answer.status === 304 || !answer.location) return answer;
    const next = new URL(answer.location, url);
    // A redirect to another host (a parked domain, a login wall, a moved site) is never followed:
    // its answer is not this API's, and the visitor's data would be sent to a stranger.
    if (next.origin !== home.origin) {
      throw new SourceError('redirect', `Redirect ${answer.status} from ${loggedPath(path)} to another host (${next.host})`, { status: answer.status });
    }
    if (hop >= (o.maxRedirects ?? 3) || (o.method === 'POST' && answer.status !== 307 && answer.status !== 308)) {
      throw new SourceError('redirect', `Redirect ${answer.status} from ${loggedPath(path)} not followed`, { status: answer.status });
    }
    url = next;
  }
}
