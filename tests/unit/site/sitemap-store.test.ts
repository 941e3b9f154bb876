import { gunzipSync } from 'node:zlib';
import { MAX_AGE_MS, SitemapStore } from '@/lib/seo/sitemap-store';

describe('the sitemap store', () => {
  let now = 1_750_000_000_000;
  const store = new SitemapStore(64 * 1024, () => now);
  let renders = 0;
  const render = (text: string) => async () => {
    renders++;
    // Still rendering while the other callers ask (a turn of the event loop, no time).
    await new Promise((r) => setImmediate(r));
    return text;
  };

  it('renders a file once per catalogue version, however many ask at once', async () => {
    const files = await Promise.all(Array.from({ length: 5 }, () => store.get('videos-1.xml', 'v1', render('<urlset>one</urlset>'))));
    expect(renders).toBe(1);
    expect(gunzipSync(files[0]!.gzip).toString()).toBe('<urlset>one</urlset>');
    expect(files[0]!.etag).toMatch(/^W\/"[\w-]{27}"$/);
    await store.get('videos-1.xml', 'v1', render('<urlset>again</urlset>'));
    expect(renders).toBe(1);
    const changed = await store.get('videos-1.xml', 'v2', render('<urlset>two</urlset>'));
    expect(renders).toBe(2);
    expect(gunzipSync(changed!.gzip).toString()).toBe('<urlset>two</urlset>');
    expect(changed!.etag).not.toBe(files[0]!.etag);
  });

  it('renders again after an hour (view counts; an upstream API tells no version)', async () => {
    now += MAX_AGE_MS;
    await store.get('videos-1.xml', 'v2', render('<urlset>later</urlset>'));
    expect(renders).toBe(3);
  });

  it('keeps no missing file and no failed render', async () => {
    expect(await store.get('videos-9.xml', 'v2', async () => null)).toBeNull();
    await expect(store.get('videos-8.xml', 'v2', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(store.stats().files).toBe(1);
  });

  it('is bounded in bytes, oldest out first', async () => {
    const noise = (n: number) => Array.from({ length: 4000 }, (_, i) => ((i * 7919 + n * 104729) % 1000003).toString(36)).join(',');
    for (let n = 1; n <= 20; n++) await store.get(`videos-${n}.xml`, 'v3', async () => noise(n));
    expect(store.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(store.stats().files).toBeLessThan(20);
  });
});
