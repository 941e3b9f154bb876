import { NextRequest } from 'next/server';
import { PEER_HEADER, PEER_TOKEN_ENV, PEER_TOKEN_HEADER } from '@/lib/net/client-address';
import {
  cleanAddress,
  COUNTRY_COOKIE,
  detectCountry,
  lookupCountry,
  normalizeCountry,
  resetGeoReader,
} from '@/lib/geo/country';

const req = (headers: Record<string, string>) => new NextRequest('http://localhost/', { headers });
/** A request as server.mjs hands it on: the socket's address, proven by the process token. */
const fromSocket = (peer: string, headers: Record<string, string> = {}) =>
  req({ ...headers, [PEER_HEADER]: peer, [PEER_TOKEN_HEADER]: 'test-token' });

beforeAll(() => {
  process.env[PEER_TOKEN_ENV] = 'test-token';
});
afterAll(() => {
  delete process.env[PEER_TOKEN_ENV];
});

afterEach(() => resetGeoReader());

describe('normalizeCountry', () => {
  it('accepts two letters, upper-cased', () => {
    expect(normalizeCountry('de')).toBe('DE');
    expect(normalizeCountry(' FR ')).toBe('FR');
  });
  it('rejects anything else, and the unknown markers', () => {
    for (const v of ['', 'X', 'DEU', 'T1', 'XX', '1A', 'D-', null, undefined, 42]) expect(normalizeCountry(v)).toBeNull();
  });
});

describe('cleanAddress', () => {
  it('keeps plain IPv4 and IPv6 and unwraps mapped, bracketed and ported forms', () => {
    expect(cleanAddress('5.9.0.1')).toBe('5.9.0.1');
    expect(cleanAddress('::ffff:77.88.8.8')).toBe('77.88.8.8');
    expect(cleanAddress('[2a01:4f8::1]:443')).toBe('2a01:4f8::1');
    expect(cleanAddress('81.2.69.160:5000')).toBe('81.2.69.160');
  });
  it('rejects garbage', () => {
    for (const v of ['', 'localhost', '999.1.1.1', '1.2.3', 'a:b:c:g::', '1::2::3', '<script>', null]) expect(cleanAddress(v)).toBeNull();
  });
});

describe('lookupCountry (the installed mmdb)', () => {
  it.each([
    ['8.8.8.8', 'US'],
    ['5.9.0.1', 'DE'],
    ['77.88.8.8', 'RU'],
    ['51.15.0.1', 'FR'],
    ['81.2.69.160', 'GB'],
    ['2a01:4f8::1', 'DE'],
    ['::ffff:5.9.0.1', 'DE'],
  ])('%s is in %s', (ip, country) => {
    expect(lookupCountry(ip)).toBe(country);
  });
  it('gives null for private, loopback and invalid addresses', () => {
    expect(lookupCountry('127.0.0.1')).toBeNull();
    expect(lookupCountry('10.1.2.3')).toBeNull();
    expect(lookupCountry('::1')).toBeNull();
    expect(lookupCountry('nonsense')).toBeNull();
  });
  it('gives null when the database cannot be opened', () => {
    resetGeoReader(null);
    expect(lookupCountry('8.8.8.8')).toBeNull();
  });
});

/** detectCountry under a configuration (read once per module instance, so each call gets its own). */
function detectUnder(env: Record<string, string>, request: NextRequest): string | null {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  let answer: string | null = null;
  try {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      answer = (require('@/lib/geo/country') as typeof import('@/lib/geo/country')).detectCountry(request);
    });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return answer;
}

describe('detectCountry', () => {
  it('believes a CDN header from a proxy TRUST_PROXY trusts', () => {
    const hop = { TRUST_PROXY: '1' };
    expect(detectUnder(hop, fromSocket('10.0.0.2', { 'cf-ipcountry': 'de', 'x-forwarded-for': '8.8.8.8' }))).toBe('DE');
    expect(detectUnder(hop, fromSocket('10.0.0.2', { 'x-vercel-ip-country': 'FR' }))).toBe('FR');
    expect(detectUnder(hop, fromSocket('10.0.0.2', { 'cloudfront-viewer-country': 'RU' }))).toBe('RU');
    const list = { TRUST_PROXY: '10.0.0.0/8' };
    expect(detectUnder(list, fromSocket('10.0.0.2', { 'cf-ipcountry': 'NL', 'x-forwarded-for': '5.9.0.1' }))).toBe('NL');
  });
  it('ignores a country header the client sent itself (a forged country)', () => {
    // A visitor in Germany who says Cloudflare placed them in the Netherlands.
    expect(detectUnder({ TRUST_PROXY: '' }, fromSocket('5.9.0.1', { 'cf-ipcountry': 'NL' }))).toBe('DE');
    expect(detectUnder({ TRUST_PROXY: '' }, fromSocket('5.9.0.1', { 'x-vercel-ip-country': 'NL', 'cloudfront-viewer-country': 'NL' }))).toBe('DE');
    // Trusted proxies listed, but this socket is not one of them.
    expect(detectUnder({ TRUST_PROXY: '10.0.0.0/8' }, fromSocket('5.9.0.1', { 'cf-ipcountry': 'NL' }))).toBe('DE');
    // A request the process's stamp missed: neither the header nor the forwarded address is believed.
    expect(detectUnder({ TRUST_PROXY: '1' }, req({ 'cf-ipcountry': 'NL', 'x-forwarded-for': '5.9.0.1' }))).toBeNull();
  });
  it('believes only the header the operator names, when one is named', () => {
    const env = { TRUST_PROXY: '1', COUNTRY_HEADER: 'X-Country' };
    expect(detectUnder(env, fromSocket('10.0.0.2', { 'x-country': 'fr', 'cf-ipcountry': 'NL', 'x-forwarded-for': '5.9.0.1' }))).toBe('FR');
    expect(detectUnder(env, fromSocket('10.0.0.2', { 'cf-ipcountry': 'NL', 'x-forwarded-for': '5.9.0.1' }))).toBe('DE');
  });
  it('believes the named header through the shipped edge only when the edge says it sets it', () => {
    const env = { TRUST_PROXY: '1', COUNTRY_HEADER: 'X-Country' };
    const viaEdge = (sets: string) => fromSocket('127.0.0.1', { 'x-country': 'fr', 'x-forwarded-for': '5.9.0.1', 'x-tubefront-edge-country-header': sets });
    expect(detectUnder(env, viaEdge('x-country'))).toBe('FR');
    // An edge generated for no COUNTRY_HEADER, or another: the client's own value passed it.
    expect(detectUnder(env, viaEdge('(none)'))).toBe('DE');
    expect(detectUnder(env, viaEdge('x-geo'))).toBe('DE');
  });
  it('falls back to the address when the header is unknown or invalid', () => {
    expect(detectUnder({ TRUST_PROXY: '1' }, fromSocket('10.0.0.2', { 'cf-ipcountry': 'XX', 'x-forwarded-for': '5.9.0.1' }))).toBe('DE');
    expect(detectUnder({ TRUST_PROXY: '' }, fromSocket('::ffff:77.88.8.8', { 'cf-ipcountry': '<b>' }))).toBe('RU');
  });
  it('believes no forwarded header while TRUST_PROXY trusts nothing', () => {
    // A visitor from Germany who claims to be in Britain.
    expect(detectUnder({ TRUST_PROXY: '' }, fromSocket('5.9.0.1', { 'x-forwarded-for': '81.2.69.160', 'x-real-ip': '81.2.69.160' }))).toBe('DE');
  });
  it('returns null when nothing tells', () => {
    expect(detectCountry(req({}))).toBeNull();
    expect(detectCountry(req({ 'x-forwarded-for': '::1' }))).toBeNull();
  });
  it('names the cookie the layout script reads', () => {
    expect(COUNTRY_COOKIE).toBe('tf_country');
  });
});
