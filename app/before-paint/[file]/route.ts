import { BEFORE_PAINT_CSS, BEFORE_PAINT_FILE, beforePaintFile, siteBeforePaintScript } from '@/components/app-shell/before-paint';

/**
 * The before-paint script and style (components/app-shell/before-paint.ts). The current names are
 * kept for a year: a name is a hash of the text. An older name (a page cached before the settings
 * changed) gets today's text, revalidated each time, so the gate never runs on stale countries.
 */
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!BEFORE_PAINT_FILE.test(file)) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const css = file.endsWith('.css');
  const text = css ? BEFORE_PAINT_CSS : siteBeforePaintScript();
  return new Response(text, {
    headers: {
      'content-type': `${css ? 'text/css' : 'text/javascript'}; charset=utf-8`,
      'cache-control': file === beforePaintFile(text, css ? 'css' : 'js') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      'x-content-type-options': 'nosniff',
    },
  });
}
