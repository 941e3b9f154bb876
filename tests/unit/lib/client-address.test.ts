import {
  cleanAddress,
  clientAddress,
  parseTrustProxy,
  peerAddress,
  PEER_HEADER,
  PEER_TOKEN_ENV,
  PEER_TOKEN_HEADER,
} from '@/lib/net/client-address';
import { parseConfig } from '@/lib/config';

const TOKEN = 'process-token';
beforeAll(() => {
  process.env[PEER_TOKEN_ENV] = TOKEN;
});
afterAll(() => {
  delete process.env[PEER_TOKEN_ENV];
});

/** Headers as server.mjs hands them on: the socket's address and the process token, plus the client's. */
function h(peer: string | null, forwarded?: string, token = TOKEN): Headers {
  const headers = new Headers();
  if (peer !== null) {
    headers.set(PEER_HEADER, peer);
    headers.set(PEER_TOKEN_HEADER, token);
  }
  if (forwarded !== undefined) headers.set('x-forwarded-for', forwarded);
  return headers;
}

describe('TRUST_PROXY', () => {
  it('parses none, hop counts and lists of addresses and CIDR blocks, IPv4 and IPv6', () => {
    for (const v of [undefined, '', 'none', 'false', '0']) expect(parseTrustProxy(v).kind).toBe('none');
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7, loopback, fd00::/8').kind).toBe('list');
  });

  it.each(['11', '-1', '1.5', '10.0.0.0/33', '::1/129', 'nginx', '10.0.0.0/8/1', '256.1.1.1'])('refuses %s with one clear line', (v) => {
    expect(() => parseTrustProxy(v)).toThrow();
    expect(() => parseConfig({ TRUST_PROXY: v })).toThrow(/^Invalid TRUST_PROXY=/);
  });
});

describe('the visitor address', () => {
  it('is the socket address when nothing is trusted, whatever the headers say', () => {
    const none = parseTrustProxy('');
    expect(clientAddress(h('203.0.113.9', '1.2.3.4'), none)).toBe('203.0.113.9');
    expect(clientAddress(h('203.0.113.9', '1.2.3.4, 5.6.7.8'), none)).toBe('203.0.113.9');
    expect(clientAddress(h('::ffff:203.0.113.9'), none)).toBe('203.0.113.9');
  });

  it('believes the peer header only with this process token', () => {
    expect(peerAddress(h('203.0.113.9'))).toBe('203.0.113.9');
    expect(peerAddress(h('203.0.113.9', undefined, 'forged'))).toBeNull();
    expect(peerAddress(h('203.0.113.9'), '')).toBeNull(); // a plain next start: no token in the process
  });

  it('with a hop count, takes the address that many proxies left of the socket', () => {
    const one = parseTrustProxy('1');
    // nginx ($proxy_add_x_forwarded_for) appends the address it saw; a forged left part is skipped.
    expect(clientAddress(h('127.0.0.1', '198.51.100.4'), one)).toBe('198.51.100.4');
    expect(clientAddress(h('127.0.0.1', '6.6.6.6, 198.51.100.4'), one)).toBe('198.51.100.4');
    // A direct visit (no proxy) with a forged header: one hop left is the forged value; hence the
    // default of trusting nothing, and docs/operating.md's advice to trust only what is really in front.
    expect(clientAddress(h('127.0.0.1'), one)).toBe('127.0.0.1');
    expect(clientAddress(h('10.0.0.2', '198.51.100.4, 10.0.0.1'), parseTrustProxy('2'))).toBe('198.51.100.4');
    expect(clientAddress(h('10.0.0.2', '198.51.100.4'), parseTrustProxy('5'))).toBe('198.51.100.4');
  });

  it('with a list, walks left past trusted proxies to the first untrusted address', () => {
    const cdn = parseTrustProxy('loopback, 10.0.0.0/8, 2001:db8::/32');
    expect(clientAddress(h('127.0.0.1', '6.6.6.6, 198.51.100.4, 10.1.2.3'), cdn)).toBe('198.51.100.4');
    expect(clientAddress(h('2001:db8::5', '2001:db8:ffff::1'), cdn)).toBe('2001:db8:ffff::1');
    // A request straight from an untrusted address: its headers are not read at all.
    expect(clientAddress(h('198.51.100.4', '1.2.3.4'), cdn)).toBe('198.51.100.4');
  });

  it('is null when the trusted proxies point at a malformed entry', () => {
    expect(clientAddress(h('127.0.0.1', '<script>'), parseTrustProxy('1'))).toBeNull();
    expect(cleanAddress('1.2.3.4:8080')).toBe('1.2.3.4');
    expect(cleanAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(cleanAddress('x'.repeat(100))).toBeNull();
  });
});
