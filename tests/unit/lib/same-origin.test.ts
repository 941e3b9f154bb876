import { isCrossSite } from '@/lib/net/same-origin';

const SITE = 'https://www.example.com';
const h = (init: Record<string, string>) => new Headers(init);

describe('isCrossSite (statistics posts)', () => {
  it('refuses what a browser says comes from another site', () => {
    expect(isCrossSite(h({ 'sec-fetch-site': 'cross-site' }), SITE)).toBe(true);
    expect(isCrossSite(h({ origin: 'https://evil.example', host: 'www.example.com' }), SITE)).toBe(true);
    expect(isCrossSite(h({ origin: 'null', host: 'www.example.com' }), SITE)).toBe(true);
    expect(isCrossSite(h({ origin: 'ftp://www.example.com', host: 'www.example.com' }), SITE)).toBe(true);
  });

  it("takes the site's public origin, the Host the request came to, and clients without browser headers", () => {
    expect(isCrossSite(h({ origin: SITE, host: 'internal:3000' }), SITE)).toBe(false);
    expect(isCrossSite(h({ origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' }), SITE)).toBe(false);
    expect(isCrossSite(h({}), SITE)).toBe(false);
  });

  it("takes a browser's Sec-Fetch-Site: same-origin when a proxy dropped the port from Host", () => {
    const behindEdge = { origin: 'http://edge.example:8080', host: 'edge.example' };
    expect(isCrossSite(h(behindEdge), SITE)).toBe(true);
    expect(isCrossSite(h({ ...behindEdge, 'sec-fetch-site': 'same-origin' }), SITE)).toBe(false);
    // A sibling subdomain is not the same origin: its Origin must still match.
    expect(isCrossSite(h({ origin: 'https://ads.example.com', host: 'www.example.com', 'sec-fetch-site': 'same-site' }), SITE)).toBe(true);
  });
});
