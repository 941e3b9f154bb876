/**
 * The browser's side of lib/kvs/absolute-media.ts: the API answers this site's own media under SITE_URL,
 * and a page read under another origin (a second host name, a port of a test run) would ask that
 * origin for them, which its Content-Security-Policy ('self') refuses. So the browser takes this
 * site's own URLs root-relative again, under whatever origin it reads the page from. An upstream's
 * or a CDN's URLs are left as they are.
 *
 * Client-safe: the build's SITE_URL is inlined into the browser's code by next.config.ts.
 */
import type { VideoList, VideoSummary } from '@/lib/contract/types';

function siteOrigin(): string {
  try {
    return new URL(process.env.TUBEFRONT_BUILD_SITE_URL ?? '').origin;
  } catch {
    return '';
  }
}

/** `url` root-relative when it is under `origin` (SITE_URL's by default); any other as it is. */
export function siteRelative(url: string, origin: string = siteOrigin()): string {
  return origin && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

function videoOf(v: VideoSummary, origin: string): VideoSummary {
  return { ...v, thumb: siteRelative(v.thumb, origin), thumbs: v.thumbs.map((t) => siteRelative(t, origin)), preview: v.preview === null ? null : siteRelative(v.preview, origin) };
}

export function siteRelativeList(list: VideoList, origin: string = siteOrigin()): VideoList {
  return { ...list, videos: list.videos.map((v) => videoOf(v, origin)) };
}
