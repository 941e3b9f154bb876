/**
 * The API's media URLs made absolute, as the network's are: its clients resolve them against
 * nothing (yt-dlp reads `video.thumbsrc` only when it is an absolute URL). The embedded
 * catalogue stores its own media root-relative, because pages render them on whatever origin
 * serves them; the API answers them under the configured SITE_URL, never the request's Host
 * header, so that an answer kept by the edge or a CDN is the same for every visitor.
 */

/** The fields that hold a media URL (or, for `thumbs`, a list of them), at any depth of an answer. */
const MEDIA_FIELDS: ReadonlySet<string> = new Set(['scr', 'scr1', 'img', 'thumb', 'thumbsrc', 'thumbs', 'preview_url']);

/** `url` under `origin` when it is root-relative ("/media/..."); any other value as it is. */
export function absoluteUrl(url: string, origin: string): string {
  // "//host/x" is protocol-relative (another host), "/\\host" a browser's equivalent: neither is ours.
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? `${origin}${url}` : url;
}

function mediaValue(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return absoluteUrl(value, origin);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? absoluteUrl(v, origin) : withAbsoluteMedia(v, origin)));
  return withAbsoluteMedia(value, origin);
}

/**
 * A copy of an answer with every root-relative media URL under `origin` (no trailing slash). The
 * answer itself is left as it is: a source may hand out the objects it keeps in memory.
 */
export function withAbsoluteMedia<T>(body: T, origin: string): T {
  if (Array.isArray(body)) return body.map((v) => withAbsoluteMedia(v, origin)) as T;
  if (typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] = MEDIA_FIELDS.has(key) ? mediaValue(value, origin) : withAbsoluteMedia(value, origin);
  }
  return out as T;
}
