/**
 * A hop count in TRUST_PROXY believes the last N X-Forwarded-For entries from whoever connects:
 * right behind a proxy that every request passes, and wrong as soon as a client can reach the
 * server itself, since it then writes those entries (any address, per request: votes without end,
 * no rate limit, any country). Listening on every interface (the default) or on a public address
 * makes that possible unless a firewall says otherwise, which the server cannot see: it says so
 * once at start (instrumentation.ts).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { TrustProxy } from './client-address';

type Interfaces = ReturnType<typeof networkInterfaces>;

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIPv4(h)) return h.startsWith('127.');
  if (isIPv6(h)) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

/** Whether a server listening on `hostname` (server.mjs's HOSTNAME) can be reached from another machine. */
export function listensPublicly(hostname: string | undefined, interfaces: Interfaces = networkInterfaces()): boolean {
  const h = (hostname ?? '').trim();
  if (WILDCARDS.has(h)) return Object.values(interfaces).some((list) => (list ?? []).some((a) => !a.internal));
  // A name other than localhost may resolve to any address (a container's HOSTNAME does).
  return !isLoopback(h);
}

/** The start-up warning for this trust and listening address, or null when the address cannot be forged. */
export function forgeableAddressWarning(trust: TrustProxy, hostname: string | undefined, interfaces?: Interfaces): string | null {
  if (trust.kind !== 'hops' || !listensPublicly(hostname, interfaces)) return null;
  const where = WILDCARDS.has((hostname ?? '').trim()) ? 'every interface (HOSTNAME unset)' : `HOSTNAME=${hostname}`;
  return (
    `TRUST_PROXY=${trust.hops} believes the last ${trust.hops === 1 ? 'X-Forwarded-For entry' : `${trust.hops} X-Forwarded-For entries`} of whoever connects, ` +
    `and this server listens on ${where}: a client that reaches it without passing your proxy can name any address ` +
    `(unlimited votes, no rate limit). Listen on loopback behind a proxy on this machine (HOSTNAME=127.0.0.1), ` +
    `firewall the port, or name your proxies' addresses instead of a count (TRUST_PROXY=10.0.0.5,loopback).`
  );
}
