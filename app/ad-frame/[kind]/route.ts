// /ad-frame/{banner|native}/: the operator's ad tag as a document of its own, shown in the ad
// slots' sandboxed iframes. A srcdoc frame would inherit the page's Content-Security-Policy and
// the ad network's scripts would be blocked; this document gets the ad policy of
// lib/web/security-headers.ts instead (a CSP sandbox, so it stays sandboxed even when opened directly).
import { getConfig } from '@/lib/config';

const FRAME_CSS = 'html,body{margin:0;padding:0;overflow:hidden;background:transparent}';

export async function GET(_request: Request, context: { params: Promise<{ kind: string }> }) {
  const { kind } = await context.params;
  const c = getConfig();
  const html = kind === 'native' ? c.adNativeHtml || c.adBannerHtml : kind === 'banner' ? c.adBannerHtml : '';
  const found = Boolean(html);
  const body = found
    ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ad</title><style>${FRAME_CSS}</style></head><body>${html}</body></html>`
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No ad</title></head><body></body></html>';
  return new Response(body, {
    status: found ? 200 : 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': found ? 'public, max-age=300' : 'public, max-age=60',
    },
  });
}
