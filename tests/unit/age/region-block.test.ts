/**
 * The visitor's region (country and subdivision, believed from a trusted proxy only) and the
 * proxy's 451 for a blocked region, without the edge.
 */
import { NextRequest } from 'next/server';
import { parseConfig } from '@/lib/config';
import { detectRegion, visitorPolicy } from '@/lib/geo/region';
import { AGE_CHECK_HEADER, ageChecks, createAgeCheckMark } from '@/lib/server/age-check-mark.mjs';
import { AGE_CHECK_HEADER as MATCHED_HEADER } from '@/lib/web/route-families';
import type { IncomingMessage } from 'node:http';

const TOKEN = 'peer-token-of-this-test';
process.env.TUBEFRONT_PEER_TOKEN = TOKEN;
process.env.TRUST_PROXY = '1';
process.env.AGE_POLICY = 'US=confirm,US-TX=block,GB=verify,XX=none';
process.env.AGE_PROVIDER = 'test';
process.env.AGE_PROVIDER_TEST = '1';
process.env.AGE_PASS_SECRET = 'p'.repeat(40);

/** A request as server.mjs hands it on: the socket's address with the token, and what the proxy in front said. */
function fromProxy(path: string, headers: Record<string, string>, peer = '10.0.0.2'): NextRequest {
  return new NextRequest(`http://site.example${path}`, { headers: { 'x-tubefront-peer': peer, 'x-tubefront-peer-token': TOKEN, ...headers } });
}

describe('detectRegion', () => {
  const trusted = parseConfig({ TRUST_PROXY: '1' });
  const untrusted = parseConfig({});

  it("reads the CDNs' subdivision headers from a trusted proxy", () => {
    expect(detectRegion(fromProxy('/', { 'cf-ipcountry': 'US', 'cf-region-code': 'TX' }), trusted)).toEqual({ country: 'US', subdivision: 'TX' });
    expect(detectRegion(fromProxy('/', { 'cloudfront-viewer-country': 'US', 'cloudfront-viewer-country-region': 'tx' }), trusted)).toEqual({ country: 'US', subdivision: 'TX' });
    expect(detectRegion(fromProxy('/', { 'cf-ipcountry': 'US', 'cf-region-code': 'US-CA' }), trusted)).toEqual({ country: 'US', subdivision: 'CA' });
    expect(detectRegion(fromProxy('/', { 'cf-ipcountry': 'US', 'cf-region-code': 'Texas!' }), trusted)).toEqual({ country: 'US', subdivision: null });
  });

  it("believes only the operator's header when AGE_REGION_HEADER names one", () => {
    const named = parseConfig({ TRUST_PROXY: '1', AGE_REGION_HEADER: 'fastly-geo-region' });
    expect(detectRegion(fromProxy('/', { 'cf-ipcountry': 'US', 'fastly-geo-region': 'TX' }), named)).toEqual({ country: 'US', subdivision: 'TX' });
    expect(detectRegion(fromProxy('/', { 'cf-ipcountry': 'US', 'cf-region-code': 'TX' }), named)).toEqual({ country: 'US', subdivision: null });
  });

  it("ignores the visitor's own headers without a trusted proxy", () => {
    // (The country follows the process's TRUST_PROXY: lib/geo/country.ts.)
    expect(detectRegion(fromProxy('/', { 'cf-ipcountry': 'US', 'cf-region-code': 'TX' }), untrusted).subdivision).toBeNull();
  });

  it('gives the policy of the region', () => {
    const c = parseConfig({ ...process.env });
    expect(visitorPolicy(fromProxy('/', { 'cf-ipcountry': 'US', 'cf-region-code': 'TX' }), c)).toBe('block');
    expect(visitorPolicy(fromProxy('/', { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' }), c)).toBe('confirm');
    expect(visitorPolicy(fromProxy('/', { 'cf-ipcountry': 'GB' }), c)).toBe('verify');
    expect(visitorPolicy(fromProxy('/', { 'cf-ipcountry': 'DE' }), c)).toBe('none');
  });
});

describe('block without the edge', () => {
  it('marks requests for the check only when the policy can refuse them, and drops a client-sent mark', () => {
    expect(ageChecks({ AGE_POLICY: 'US-TX=block' })).toEqual({ blocking: true, verifying: false });
    expect(ageChecks({ AGE_POLICY: 'GB=verify,DE=confirm' })).toEqual({ blocking: false, verifying: true });
    expect(ageChecks({})).toEqual({ blocking: false, verifying: false });
    const req = (url: string) => ({ url, headers: { [AGE_CHECK_HEADER]: '1' } }) as unknown as IncomingMessage;
    const none = createAgeCheckMark({ blocking: false, verifying: false });
    const off = req('/');
    expect(none(off)).toBe(false);
    expect(off.headers[AGE_CHECK_HEADER]).toBeUndefined();
    expect(none(req('/demo/clip.mp4'))).toBe(false);
    const blocking = createAgeCheckMark({ blocking: true, verifying: false });
    const on = req('/videos/');
    expect(blocking(on)).toBe(true);
    expect(on.headers[AGE_CHECK_HEADER]).toBe('1');
    expect(blocking(req('/_next/static/chunks/a.js'))).toBe(false);
    // Verifying: only the static video files, which no route handler sees.
    const verifying = createAgeCheckMark({ blocking: false, verifying: true });
    expect(verifying(req('/videos/'))).toBe(false);
    expect(verifying(req('/demo/preview.mp4'))).toBe(true);
  });

  it('answers 451 to a marked request from a blocked region: a page that says why, a JSON error for the API', async () => {
    const { proxy } = await import('@/proxy');
    const texas = { 'cf-ipcountry': 'US', 'cf-region-code': 'TX', [AGE_CHECK_HEADER]: '1' };
    const page = proxy(fromProxy('/video/1/x/', texas));
    expect(page.status).toBe(451);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toMatch(/Unavailable in your region[\s\S]*451/);
    const api = proxy(fromProxy('/api/json/video/86400/0/0/1.json', texas));
    expect(api.status).toBe(451);
    expect(await api.json()).toMatchObject({ error: 1, code: 'unavailable_for_legal_reasons' });
    // The explanation and the health check stay open.
    expect(proxy(fromProxy('/information/age-assurance/', texas)).status).toBe(200);
    expect(proxy(fromProxy('/api/health/', texas)).status).toBe(200);
    // Another state, and an unmarked request, pass.
    expect(proxy(fromProxy('/video/1/x/', { ...texas, 'cf-region-code': 'CA' })).status).toBe(200);
    const unmarked: Record<string, string> = { ...texas };
    delete unmarked[AGE_CHECK_HEADER];
    expect(proxy(fromProxy('/video/1/x/', unmarked)).status).toBe(200);
  });
});

test("the server's mark is the header the proxy's matcher and check look for", () => {
  expect(AGE_CHECK_HEADER).toBe(MATCHED_HEADER);
});
