import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses a feed's redirect may not lead to: the importer runs inside the operator's network,
 * so a partner's redirect to one of these would make it fetch (and report the errors of) an
 * internal service. Loopback, private, carrier-grade NAT, link-local (cloud metadata at
 * 169.254.169.254), unspecified, benchmarking, multicast and reserved ranges, in IPv4 and IPv6.
 */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv6');
}

/** True for an address (IPv4, IPv6, IPv4-mapped IPv6, with or without brackets) in a blocked range. */
export function isPrivateAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const type = net.isIP(a);
  if (type === 4) return BLOCKED.check(a, 'ipv4');
  if (type === 6) {
    // ::ffff:7f00:1 is 127.0.0.1 written in hex: check the IPv4 address it maps.
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(a);
    if (hex) {
      const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
      return BLOCKED.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4');
    }
    return BLOCKED.check(a, 'ipv6');
  }
  return false;
}

export class PrivateAddressError extends Error {}

/**
 * A `lookup` for http(s).get that fails when the name resolves to a blocked address: the check is
 * made on the very address the socket then connects to, so a second, different DNS answer cannot
 * slip past it. (An address literal is not looked up: the caller checks it with isPrivateAddress.)
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateAddressError(`${hostname} resolves to ${bad.address}, a private or loopback address`), '', 0);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * Why a redirect from `from` to `to` is not followed, or null. The operator chose the first URL
 * (it may well be on the local network); a partner's server chooses where it redirects, so that
 * may neither leave https nor lead inside the network (its DNS answer is checked on connecting).
 */
export function redirectRefused(from: URL, to: URL): string | null {
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return 'redirect to a non-http(s) URL';
  if (from.protocol === 'https:' && to.protocol === 'http:') return `redirect from https to http (${to.href})`;
  if (isPrivateAddress(to.hostname)) return `redirect to a private or loopback address (${to.href})`;
  return null;
}
