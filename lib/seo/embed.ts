import { getConfig } from '@/lib/config';
import { checkEmbedUrl, iframeSrc } from '@/lib/import/embed';

/**
 * The player URL of a video's `embed` value, or null when the page must show no player. The value
 * is a URL (absolute or root-relative) or, as KVS sites give it, an embed code holding an
 * <iframe src="...">. It comes from the catalogue or, unchecked, from an upstream API: so EMBED_HOSTS
 * is applied here as at import (the same host comparison), on the URL as a browser resolves it
 * against the site's origin. A root-relative value naming this site's own player stays
 * root-relative; `/\evil.example/`, which a browser reads as //evil.example/, is judged by that host.
 */
export function embedSrc(embed: string, siteUrl = getConfig().siteUrl, hosts: readonly string[] = getConfig().embedHosts): string | null {
  let v = embed.trim();
  if (v === '') return null;
  if (v.startsWith('<')) {
    const src = iframeSrc(v);
    if (!src) return null;
    v = src.replace(/&amp;/g, '&').trim();
  }
  const checked = checkEmbedUrl(v, hosts, siteUrl);
  if (checked.url === undefined) return null;
  const url = new URL(checked.url);
  return url.origin === new URL(siteUrl).origin ? `${url.pathname}${url.search}${url.hash}` : checked.url;
}
