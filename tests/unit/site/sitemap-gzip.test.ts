import { sitemapEncodingHeaders, takesGzip, TAKES_GZIP } from '@/lib/seo/sitemap-gzip';

describe("the sitemaps' Content-Encoding", () => {
  it("is decided by the route as Next's `has` decides it (^pattern$ on the joined header)", () => {
    const next = (header: string) => new RegExp(`^${TAKES_GZIP}$`).test(header);
    for (const header of ['gzip', 'gzip, deflate, br', 'br, gzip;q=0.5', 'x-gzip', 'br', 'identity', '']) {
      expect(takesGzip(header)).toBe(next(header));
    }
    expect(takesGzip(null)).toBe(false);
    expect(takesGzip('gzip, deflate')).toBe(true);
    expect(takesGzip('br')).toBe(false);
  });

  it('is added by next.config.ts for both sitemap routes, on that same condition', () => {
    const rules = sitemapEncodingHeaders();
    expect(rules.map((r) => r.source)).toEqual(['/sitemap.xml', '/sitemaps/:name']);
    for (const r of rules) {
      expect(r.has).toEqual([{ type: 'header', key: 'accept-encoding', value: TAKES_GZIP }]);
      expect(r.headers).toEqual([{ key: 'Content-Encoding', value: 'gzip' }]);
    }
  });
});
