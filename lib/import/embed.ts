/**
 * Reduces a feed's embed value (an <iframe> code or a bare URL) to the player URL, when that URL
 * is http(s) and its host is on the allow-list (a listed host or one of its subdomains). Nothing
 * else of the HTML is kept: the site renders its own iframe around the URL.
 */
export type EmbedResult = { url: string; error?: undefined } | { url?: undefined; error: string };

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

export function reduceEmbed(value: string, allowed: readonly string[]): EmbedResult {
  let v = value.trim();
  if (v === '') return { error: 'missing embed' };
  if (v.startsWith('<')) {
    const iframe = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(v);
    const src = iframe?.[1] ?? iframe?.[2] ?? iframe?.[3];
    if (!src) return { error: 'embed HTML has no <iframe src>' };
    v = decodeAttr(src);
  }
  if (v.startsWith('//')) v = `https:${v}`;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return { error: 'embed is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'embed URL is not http(s)' };
  if (url.username || url.password) return { error: 'embed URL carries credentials' };
  if (!hostAllowed(url.host, allowed) && !hostAllowed(url.hostname, allowed)) {
    return { error: `embed host ${url.hostname} is not in EMBED_HOSTS` };
  }
  return { url: url.toString() };
}
