/**
 * The visitor's address, which votes, view stats, the rate limit and the GeoIP country key on.
 *
 * Next's own server cannot be trusted with it: it copies the socket's address into
 * X-Forwarded-For only when the request has none (`??=` in next/dist/server/base-server.js), so a
 * client that sends its own X-Forwarded-For hides the socket entirely. Every production server
 * (server.mjs, and `next start` through instrumentation.ts) therefore records the socket's address
 * in PEER_HEADER on every request, overwriting whatever a client sent, and proves it with
 * PEER_TOKEN_HEADER, a random token of the process (lib/server/peer-stamp.mjs, whose names these
 * are). Forwarded headers are then believed only as far as TRUST_PROXY says:
 *   - none (default): the socket's address, whatever the headers say;
 *   - a hop count N: the address N entries left of the socket in X-Forwarded-For (N proxies in
 *     front, each appending the address it saw, as nginx's $proxy_add_x_forwarded_for does);
 *   - a list of addresses or CIDR blocks: walk X-Forwarded-For from the socket leftwards while
 *     the address is a trusted proxy; the first untrusted one is the visitor.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export const PEER_HEADER = 'x-tubefront-peer';
export const PEER_TOKEN_HEADER = 'x-tubefront-peer-token';
/** Set by the server's own process (lib/server/peer-stamp.mjs); absent only under `next dev` and in tests. */
export const PEER_TOKEN_ENV = 'TUBEFRONT_PEER_TOKEN';

export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; list: BlockList; text: string };

const MAX_HOPS = 10;

/** A plain IPv4 or IPv6 address ('::ffff:1.2.3.4', '[::1]:80' and '1.2.3.4:80' forms too), or null. */
export function cleanAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  let v = value.trim();
  if (v.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracketed?.[1]) v = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(':'));
  v = v.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(v);
  if (mapped?.[1]) v = mapped[1];
  if (isIPv4(v)) return v;
  if (isIPv6(v)) return v.toLowerCase();
  return null;
}

/**
 * TRUST_PROXY: '' or 'none' (trust nothing), a hop count 1..10, or a comma-separated list of
 * addresses and CIDR blocks ('loopback' stands for 127.0.0.0/8 and ::1). Throws on anything else.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'none' || v === 'false' || v === '0') return { kind: 'none' };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops >= 1 && hops <= MAX_HOPS) return { kind: 'hops', hops };
    throw new Error(`a hop count from 1 to ${MAX_HOPS}`);
  }
  const list = new BlockList();
  for (const item of v.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (item === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr, bits, extra] = item.split('/');
    const type = addr && isIPv4(addr) ? 'ipv4' : addr && isIPv6(addr) ? 'ipv6' : null;
    if (!type || extra !== undefined) throw new Error('addresses or CIDR blocks such as 10.0.0.0/8, ::1');
    if (bits === undefined) list.addAddress(addr!, type);
    else {
      const n = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
      if (!(n >= 0 && n <= (type === 'ipv4' ? 32 : 128))) throw new Error('addresses or CIDR blocks such as 10.0.0.0/8, ::1');
      list.addSubnet(addr!, n, type);
    }
  }
  return { kind: 'list', list, text: v };
}

function trusted(list: BlockList, address: string): boolean {
  return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/** The socket's address as server.mjs recorded it, or null when not running under it. */
export function peerAddress(headers: Headers, token = process.env[PEER_TOKEN_ENV]): string | null {
  if (!token || headers.get(PEER_TOKEN_HEADER) !== token) return null;
  return cleanAddress(headers.get(PEER_HEADER));
}

/** X-Forwarded-For entries, left (the first hop's client) to right (the nearest proxy's peer). */
function forwardedChain(headers: Headers): (string | null)[] {
  const all = headers.get('x-forwarded-for');
  if (!all) return [];
  return all.split(',').slice(-MAX_HOPS - 1).map(cleanAddress);
}

/**
 * The visitor's address under `trust`, or null when it cannot be told (a malformed entry where
 * the trusted proxies say the visitor is, or a request the process's stamp missed: one Next's
 * server took before instrumentation.ts had installed it). Without a stamp at all (`next dev`) the
 * last X-Forwarded-For entry stands for the socket, which is exact only when the client sent none.
 */
export function clientAddress(headers: Headers, trust: TrustProxy): string | null {
  const chain = forwardedChain(headers);
  const peer = peerAddress(headers);
  if (!peer && process.env[PEER_TOKEN_ENV]) return null;
  const hops = peer ? [...chain, peer] : chain;
  const nearest = hops.length - 1;
  if (nearest < 0) return null;
  if (trust.kind === 'none' || !peer) return hops[nearest] ?? null;
  if (trust.kind === 'hops') return hops[Math.max(0, nearest - trust.hops)] ?? null;
  let i = nearest;
  while (i > 0) {
    const here = hops[i];
    if (!here || !trusted(trust.list, here)) break;
    i -= 1;
  }
  return hops[i] ?? null;
}

/**
 * Whether the request reached this server through a proxy that TRUST_PROXY trusts: only then may
 * a header that proxy sets (a CDN's country, say) be believed. A hop count trusts whatever
 * connects (the proxies are the only way in); a list, only a socket address on it. Without the
 * peer header (`next dev`) nothing can be told, so nothing is trusted.
 */
export function fromTrustedProxy(headers: Headers, trust: TrustProxy): boolean {
  if (trust.kind === 'none') return false;
  const peer = peerAddress(headers);
  if (!peer) return false;
  return trust.kind === 'hops' || trusted(trust.list, peer);
}
