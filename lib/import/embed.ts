/**
 * Reduces a feed's embed value (an <iframe> code or a bare URL) to the player URL, when that URL
 * is http(s) and its host is on the allow-list (a listed host or one of its subdomains). Nothing
 * else of the HTML is kept: the site renders its own iframe around the URL.
 */
export type EmbedResult =
  | { url: string; error?: undefined; host?: undefined }
  /** `host`: set when the URL is fine but its host is not allowed (the import's report counts them). */
  | { url?: undefined; error: string; host?: string };

function decodeAttr(v: string): string {
  return v
    .replace(/&amp;/gi, '&')
    .replace(/&quot;/gi, '"')
    .replace(/&#0*39;|&apos;/gi, "'")
    .trim();
}

export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((a) => h === a || h.endsWith(`.${a}`));
}

const SRC_ATTR = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * The src of the first <iframe> tag that has one. Each tag is cut at its first `>` or the next
 * `<iframe`, whichever comes first, and searched on its own: the tags are disjoint, so the time is
 * linear in the value's length (one regex over the whole value rescanned the rest of it from every
 * `<iframe` without a `>`, quadratic in a field of repeated `<iframe `).
 */
export function iframeSrc(html: string): string | null {
  const lower = html.toLowerCase();
  // The next `>`, searched again only once passed (and never when there is none left): searching
  // from every tag would rescan a value without `>` to its end each time.
  let close = -2;
  for (let at = lower.indexOf('<iframe'); at >= 0; ) {
    const next = lower.indexOf('<iframe', at + 7);
    if (close !== -1 && close < at + 7) close = lower.indexOf('>', at + 7);
    const end = Math.min(close < 0 ? html.length : close, next < 0 ? html.length : next);
    // <iframe\b: the name ends there (not <iframes or <iframe-x).
    if (!/^[a-z0-9_]/i.test(html.charAt(at + 7))) {
      const m = SRC_ATTR.exec(html.slice(at + 7, end));
      const src = m?.[1] ?? m?.[2] ?? m?.[3];
      if (src) return src;
    }
    at = next;
  }
  return null;
}

/**
 * The checked player URL of `value`, resolved as a browser resolves the iframe's src against
 * `base` (the site's origin: a root-relative value names the site's own player). The WHATWG
 * parser is what a browser uses, so `/\\evil.example/` comes out as the host evil.example here
 * too. `base` null: only absolute or protocol-relative values (an import has no site origin).
 */
export function checkEmbedUrl(value: string, allowed: readonly string[], base: string | null = null): EmbedResult {
  let v = value.trim();
  if (v.startsWith('//')) v = `https:${v}`;
  let url: URL;
  try {
    url = base === null ? new URL(v) : new URL(v, base);
  } catch {
    return { error: 'embed is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'embed URL is not http(s)' };
  if (url.username || url.password) return { error: 'embed URL carries credentials' };
  if (base !== null && url.origin === new URL(base).origin) return { url: url.toString() };
  if (!hostAllowed(url.host, allowed) && !hostAllowed(url.hostname, allowed)) {
    return { error: `embed host ${url.hostname} is not in EMBED_HOSTS`, host: url.hostname };
  }
  return { url: url.toString() };
}

export function reduceEmbed(value: string, allowed: readonly string[]): EmbedResult {
  let v = value.trim();
  if (v === '') return { error: 'missing embed' };
  if (v.startsWith('<')) {
    const src = iframeSrc(v);
    if (!src) return { error: 'embed HTML has no <iframe src>' };
    v = decodeAttr(src);
  }
  return checkEmbedUrl(v, allowed);
}
