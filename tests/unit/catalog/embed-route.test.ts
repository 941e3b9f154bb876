import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The route uses the configured catalogue: point it at a small temporary one before loading it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-embed-'));
process.env.DATABASE_PATH = path.join(dir, 'catalog.db');
process.env.SEED_VIDEOS = '300';

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function ctx(id: string) {
  return { params: Promise.resolve({ id }) };
}

describe('/embed/{id}/', () => {
  it('serves the player for a listable video and 404 HTML otherwise', async () => {
    const { GET } = await import('@/app/embed/[id]/route');
    const { getCatalogDb } = await import('@/lib/catalog/sqlite/db');
    const row = getCatalogDb()
      .prepare('SELECT id, title FROM videos WHERE status_id = 1 AND post_date <= unixepoch() LIMIT 1')
      .get() as { id: number; title: string };
    const ok = await GET(new Request('http://localhost/'), ctx(String(row.id)));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await ok.text();
    expect(html).toContain(row.title);
    expect(html).toContain('/demo/clip.mp4');
    for (const id of ['999999', 'abc', '0']) {
      const missing = await GET(new Request('http://localhost/'), ctx(id));
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('not available');
    }
  });
});
