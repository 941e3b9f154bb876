import { GET } from '@/app/before-paint/[file]/route';
import { BEFORE_PAINT_CSS, BEFORE_PAINT_PATH, beforePaintFile, siteBeforePaintScript } from '@/components/app-shell/before-paint';
import { BeforePaintScript } from '@/components/app-shell/before-paint-script';
import { renderToStaticMarkup } from 'react-dom/server';

const get = (file: string) => GET(new Request(`http://localhost${BEFORE_PAINT_PATH}${file}`), { params: Promise.resolve({ file }) });

describe('the before-paint files', () => {
  it('the page names the script and the style by hashes of their text, and inlines neither', () => {
    const html = renderToStaticMarkup(BeforePaintScript());
    const js = beforePaintFile(siteBeforePaintScript(), 'js');
    const css = beforePaintFile(BEFORE_PAINT_CSS, 'css');
    expect(html).toContain(`<script src="${BEFORE_PAINT_PATH}${js}"></script>`);
    expect(html).toContain(`href="${BEFORE_PAINT_PATH}${css}"`);
    expect(html).not.toContain('localStorage');
    expect(beforePaintFile('a', 'js')).not.toBe(beforePaintFile('b', 'js'));
  });

  it('serves the current files for a year, an older name revalidated, anything else 404', async () => {
    const script = siteBeforePaintScript();
    const js = await get(beforePaintFile(script, 'js'));
    expect([js.status, js.headers.get('content-type'), js.headers.get('cache-control')]).toEqual([200, 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable']);
    expect(await js.text()).toBe(script);
    const css = await get(beforePaintFile(BEFORE_PAINT_CSS, 'css'));
    expect([css.status, css.headers.get('content-type'), await css.text()]).toEqual([200, 'text/css; charset=utf-8', BEFORE_PAINT_CSS]);
    const old = await get('0123456789abcdef.js');
    expect([old.status, old.headers.get('cache-control'), await old.text()]).toEqual([200, 'public, max-age=0, must-revalidate', script]);
    for (const bad of ['x.js', '0123456789abcdef.html', '../0123456789abcdef.js', '0123456789ABCDEF.js']) expect([bad, (await get(bad)).status]).toEqual([bad, 404]);
  });
});
