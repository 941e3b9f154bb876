import { GET as categoryGet } from '@/app/media/category/[file]/route';
import { GET as thumbGet } from '@/app/media/thumbs/[id]/[file]/route';
import { escapeHtml, embedPlayerHtml } from '@/lib/server/embed-page';
import { parseFrameFile, videoThumbSvg } from '@/lib/catalog/demo/thumbnail-svg';

function ctx<T>(params: T) {
  return { params: Promise.resolve(params) };
}
const req = new Request('http://localhost/');

describe('generated thumbnails', () => {
  it('serves /media/thumbs/{id}/{n}.svg as a cacheable SVG', async () => {
    const res = await thumbGet(req, ctx({ id: '42', file: '3.svg' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await res.text();
    expect(body).toMatch(/^<svg [^>]*viewBox="0 0 320 180"/);
    expect(body).toBe(videoThumbSvg(42, 3));
  });

  it('draws a different picture per video and per frame, the same every time', () => {
    expect(videoThumbSvg(1, 1)).not.toBe(videoThumbSvg(2, 1));
    expect(videoThumbSvg(1, 1)).not.toBe(videoThumbSvg(1, 2));
    expect(videoThumbSvg(7, 4)).toBe(videoThumbSvg(7, 4));
  });

  it.each([
    ['0', '1.svg'],
    ['abc', '1.svg'],
    ['12', '7.svg'],
    ['12', '0.svg'],
    ['12', '1.png'],
    ['12', '1.svg.svg'],
    ['1e3', '1.svg'],
    ['99999999999', '1.svg'],
  ])('404s for id %s file %s', async (id, file) => {
    const res = await thumbGet(req, ctx({ id, file }));
    expect(res.status).toBe(404);
  });

  it('parses frame files strictly', () => {
    expect(parseFrameFile('6.svg')).toBe(6);
    expect(parseFrameFile('06.svg')).toBeNull();
    expect(parseFrameFile('1.svg/')).toBeNull();
  });

  it('serves category tiles and rejects odd names', async () => {
    const ok = await categoryGet(req, ctx({ file: 'city-walks.svg' }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('City Walks');
    for (const file of ['City.svg', '../x.svg', 'a--b.svg', 'x.png', '<b>.svg']) {
      expect((await categoryGet(req, ctx({ file }))).status).toBe(404);
    }
  });
});

describe('embed player page', () => {
  it('escapes the title and plays the given file', () => {
    const html = embedPlayerHtml(5, 'A <b>"quoted"</b> & title', '/demo/clip.mp4');
    expect(html).toContain('<video controls playsinline preload="metadata"');
    expect(html).toContain('poster="/media/thumbs/5/1.svg"');
    expect(html).toContain('src="/demo/clip.mp4"');
    expect(html).not.toContain('<b>');
    expect(html).toContain(escapeHtml('A <b>"quoted"</b> & title'));
  });
});
