import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses a feed URL may not lead to, the first one as much as a redirect: the importer runs
 * inside the operator's network, so a partner's host name that resolves to one of these, or a
 * redirect there, would make it fetch (and report the errors of) an internal service. Loopback,
 * private, carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), unspecified,
 * documentation, benchmarking, multicast and reserved ranges; in IPv6 also the ranges that carry
 * an IPv4 address a gateway turns back into IPv4 (NAT64 64:ff9b::/96 and its local 64:ff9b:1::/48,
 * 6to4 2002::/16, Teredo and the other IETF assignments of 2001::/23, the old IPv4-compatible
 * ::/96, IPv4-translated ::ffff:0:0:0/96) and the deprecated site-local fec0::/10. An
 * operator whose feed lives on their own network says so with IMPORT_ALLOW_PRIVATE=1, which lets
 * the URL given through; its redirects are checked all the same.
 */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23],
  ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv6');
}

/**
 * True for an address (IPv4 or IPv6, with or without brackets) in a blocked range. An IPv4-mapped
 * IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) is checked as the IPv4 address it stands for
 * (BlockList does so itself).
 */
export function isPrivateAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '');
  const type = net.isIP(a);
  if (type === 4) return BLOCKED.check(a, 'ipv4');
  if (type === 6) return BLOCKED.check(a, 'ipv6');
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
 * Why the URL itself may not be fetched, or null: a private or loopback address literal, unless
 * `allowPrivate`. (A host name is checked on connecting, by publicOnlyLookup.)
 */
export function addressRefused(url: URL, allowPrivate: boolean): string | null {
  if (!allowPrivate && isPrivateAddress(url.hostname)) return 'a private or loopback address (IMPORT_ALLOW_PRIVATE=1 allows it)';
  return null;
}

/**
 * Why a redirect from `from` to `to` is not followed, or null. A partner's server chooses where it
 * redirects, so that may neither leave https nor lead inside the network, whatever the operator
 * allowed for the first URL (its DNS answer is checked on connecting).
 */
export function redirectRefused(from: URL, to: URL): string | null {
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return 'redirect to a non-http(s) URL';
  if (from.protocol === 'https:' && to.protocol === 'http:') return `redirect from https to http (${to.href})`;
  if (isPrivateAddress(to.hostname)) return `redirect to a private or loopback address (${to.href})`;
  return null;
}
