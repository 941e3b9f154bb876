/**
 * The player URL of a video's `embed` value. The value is a URL (absolute or root-relative) or,
 * as KVS sites give it, an embed code holding an <iframe src="...">. Only http(s) and
 * root-relative URLs are accepted, so nothing else (javascript:, data:) reaches an iframe.
 */
export function embedSrc(embed: string): string | null {
  let v = embed.trim();
  if (v.startsWith('<')) {
    const m = /\ssrc\s*=\s*["']([^"']+)["']/i.exec(v);
    if (!m?.[1]) return null;
    v = m[1].replace(/&amp;/g, '&').trim();
  }
  if (v.startsWith('//')) return `https:${v}`;
  if (v.startsWith('/')) return v;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}
