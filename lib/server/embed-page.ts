/** The standalone HTML of the demo embed player (/embed/{id}/), loaded in the video page's iframe. */
import { CLIP_HEIGHT, CLIP_WIDTH, thumbUrl } from '@/lib/catalog/media-urls';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  'html,body{margin:0;height:100%;background:#000;color:#eee;font-family:system-ui,sans-serif}' +
  'video{display:block;width:100%;height:100%;object-fit:contain;background:#000}' +
  '.msg{display:flex;height:100%;align-items:center;justify-content:center;font-size:16px}';

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

/** `src` is the video's file, as /api/videofile.php gives it (decoded). */
export function embedPlayerHtml(videoId: number, title: string, src: string): string {
  return page(
    title,
    `<video controls playsinline preload="metadata" width="${CLIP_WIDTH}" height="${CLIP_HEIGHT}" ` +
      `poster="${thumbUrl(videoId)}" title="${escapeHtml(title)}">` +
      `<source src="${escapeHtml(src)}" type="video/mp4"></video>`,
  );
}

export function embedNotFoundHtml(): string {
  return page('Video not found', '<p class="msg">This video is not available.</p>');
}
