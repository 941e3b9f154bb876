/**
 * The subdivision from the operator's city mmdb (AGE_REGION_MMDB), on a GeoIP2 City layout file
 * this test writes (tests/support/mmdb-writer.ts), and the 451 it leads to for a blocked state.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NextRequest } from 'next/server';
import { parseConfig } from '@/lib/config';
import { detectRegion, visitorPolicy } from '@/lib/geo/region';
import { AGE_CHECK_HEADER } from '@/lib/server/age-check-mark.mjs';
import { cityRecord, writeMmdb } from '../../support/mmdb-writer';

const TOKEN = 'peer-token-of-this-test';
const dir = mkdtempSync(join(tmpdir(), 'region-mmdb-'));
const CITY_DB = join(dir, 'city.mmdb');
writeFileSync(
  CITY_DB,
  writeMmdb(
    [
      { network: '203.0.113.0/25', data: cityRecord('US', ['TX']) },
      { network: '203.0.113.128/25', data: cityRecord('US', ['CA']) },
      // The country database puts this one in the US (a CDN would say so too); the city one, in Canada.
      { network: '198.51.100.0/24', data: cityRecord('CA', ['ON']) },
      // In the US in the shipped country database too, for a visitor with no proxy in front.
      { network: '8.8.8.0/24', data: cityRecord('US', ['TX']) },
      { network: '2001:db8::/32', data: cityRecord('US', ['NY']) },
    ],
    { databaseType: 'Test-City', languages: ['en'] },
  ),
);
process.env.TUBEFRONT_PEER_TOKEN = TOKEN;
process.env.TRUST_PROXY = '1';
process.env.AGE_POLICY = 'US=confirm,US-TX=block';
process.env.AGE_REGION_MMDB = CITY_DB;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A request as server.mjs hands it on; `from` is the visitor's address as the proxy forwarded it. */
function request(path: string, headers: Record<string, string>, peer = '10.0.0.2'): NextRequest {
  return new NextRequest(`http://site.example${path}`, { headers: { 'x-tubefront-peer': peer, 'x-tubefront-peer-token': TOKEN, ...headers } });
}
const viaCdn = (from: string, extra: Record<string, string> = {}) => request('/', { 'cf-ipcountry': 'US', 'x-forwarded-for': from, ...extra });

describe('detectRegion with AGE_REGION_MMDB', () => {
  const trusted = parseConfig({ TRUST_PROXY: '1', AGE_REGION_MMDB: CITY_DB });

  it("gives the subdivision of the visitor's network", () => {
    expect(detectRegion(viaCdn('203.0.113.9'), trusted)).toEqual({ country: 'US', subdivision: 'TX' });
    expect(detectRegion(viaCdn('203.0.113.200'), trusted)).toEqual({ country: 'US', subdivision: 'CA' });
    expect(detectRegion(viaCdn('2001:db8:5::1'), trusted)).toEqual({ country: 'US', subdivision: 'NY' });
  });

  it('gives none when the city database puts the address in another country', () => {
    expect(detectRegion(viaCdn('198.51.100.20'), trusted)).toEqual({ country: 'US', subdivision: null });
  });

  it('gives none for an address the database does not hold', () => {
    expect(detectRegion(viaCdn('192.0.2.1'), trusted)).toEqual({ country: 'US', subdivision: null });
  });

  it('gives none without AGE_REGION_MMDB', () => {
    expect(detectRegion(viaCdn('203.0.113.9'), parseConfig({ TRUST_PROXY: '1' }))).toEqual({ country: 'US', subdivision: null });
  });

  it("lets a trusted CDN's subdivision header win, and ignores a visitor's own", () => {
    expect(detectRegion(viaCdn('203.0.113.9', { 'cf-region-code': 'CA' }), trusted)).toEqual({ country: 'US', subdivision: 'CA' });
    // No proxy in front: the socket's address is the visitor's, its header is the visitor's word.
    const direct = parseConfig({ AGE_REGION_MMDB: CITY_DB });
    expect(detectRegion(request('/', { 'cf-region-code': 'CA' }, '8.8.8.8'), direct)).toEqual({ country: 'US', subdivision: 'TX' });
  });

  it('gives the policy of the state', () => {
    const c = parseConfig({ ...process.env });
    expect(visitorPolicy(viaCdn('203.0.113.9'), c)).toBe('block');
    expect(visitorPolicy(viaCdn('203.0.113.200'), c)).toBe('confirm');
    expect(visitorPolicy(viaCdn('198.51.100.20'), c)).toBe('confirm');
  });

  it('answers 451 to a marked request from a Texas address, and lets another state through', async () => {
    const { proxy } = await import('@/proxy');
    const page = proxy(request('/video/1/x/', { 'cf-ipcountry': 'US', 'x-forwarded-for': '203.0.113.9', [AGE_CHECK_HEADER]: '1' }));
    expect(page.status).toBe(451);
    expect(await page.text()).toMatch(/Unavailable in your region/);
    expect(proxy(request('/video/1/x/', { 'cf-ipcountry': 'US', 'x-forwarded-for': '203.0.113.200', [AGE_CHECK_HEADER]: '1' })).status).toBe(200);
  });
});
