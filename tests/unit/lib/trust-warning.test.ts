import type { NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { parseTrustProxy } from '@/lib/net/client-address';
import { forgeableAddressWarning, listensPublicly } from '@/lib/net/trust-warning';

type Interfaces = ReturnType<typeof networkInterfaces>;
const addr = (address: string, internal: boolean) => ({ address, internal, family: 'IPv4', netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
const PUBLIC_HOST: Interfaces = { lo: [addr('127.0.0.1', true), addr('::1', true)], eth0: [addr('192.0.2.2', false)] };
const LOOPBACK_ONLY: Interfaces = { lo: [addr('127.0.0.1', true)] };

describe('listensPublicly', () => {
  it.each([undefined, '', '0.0.0.0', '::'])('every interface (%j) is public when the machine has a non-loopback one', (h) => {
    expect(listensPublicly(h, PUBLIC_HOST)).toBe(true);
    expect(listensPublicly(h, LOOPBACK_ONLY)).toBe(false);
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', 'LOCALHOST'])('%s is loopback', (h) => {
    expect(listensPublicly(h, PUBLIC_HOST)).toBe(false);
  });

  it.each(['192.0.2.2', '10.0.0.5', 'fd00::2', 'a1b2c3d4e5f6', 'tube.example.com'])('%s is public (a name may resolve to anything)', (h) => {
    expect(listensPublicly(h, PUBLIC_HOST)).toBe(true);
  });
});

describe('the forgeable-address warning', () => {
  it('warns for a hop count on a public interface, naming the fixes', () => {
    const w = forgeableAddressWarning(parseTrustProxy('1'), undefined, PUBLIC_HOST);
    expect(w).toMatch(/TRUST_PROXY=1/);
    expect(w).toMatch(/every interface/);
    expect(w).toMatch(/HOSTNAME=127\.0\.0\.1/);
    expect(forgeableAddressWarning(parseTrustProxy('2'), '10.0.0.5', PUBLIC_HOST)).toMatch(/HOSTNAME=10\.0\.0\.5/);
  });

  it('is silent on loopback, without a hop count, and for a list of proxies', () => {
    expect(forgeableAddressWarning(parseTrustProxy('1'), '127.0.0.1', PUBLIC_HOST)).toBeNull();
    expect(forgeableAddressWarning(parseTrustProxy(''), undefined, PUBLIC_HOST)).toBeNull();
    expect(forgeableAddressWarning(parseTrustProxy('10.0.0.0/8,loopback'), undefined, PUBLIC_HOST)).toBeNull();
  });
});

describe('configWarnings', () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
    jest.resetModules();
  });

  it('reads TRUST_PROXY from the configuration and the listening address it is given', async () => {
    process.env.TRUST_PROXY = '1';
    jest.resetModules();
    const { configWarnings } = await import('@/lib/config/check');
    expect(configWarnings('127.0.0.1')).toEqual([]);
    expect(configWarnings('203.0.113.4')).toHaveLength(1);
  });
});
