import 'server-only';
/**
 * Sitemaps: an index over one sitemap of pages (home, listings, categories, information) and
 * video sitemaps of at most 50,000 URLs with the video:video extension. Videos are enumerated
 * with paged 'videos' calls (latest updates), bounded by the API's page limit.
 */
import { getCategories, getVideos } from '@/lib/api';
import { LIMITS } from '@/lib/api/constants';
import { getConfig } from '@/lib/config';
import { SORTS, type VideoSummary } from '@/lib/types';
import { absoluteUrl, categoriesUrl, categoryUrl, INFORMATION_PAGES, informationUrl, videosUrl, videoUrl } from './urls';

export const SITEMAP_MAX_URLS = 50_000;
/** Videos per 'videos' call while enumerating (within the API's maximum count). */
export const ENUM_PAGE_SIZE = 100;
const PAGES_PER_SITEMAP = SITEMAP_MAX_URLS / ENUM_PAGE_SIZE;
/** The most videos that paging can reach. */
export const MAX_VIDEOS = LIMITS.maxPage * ENUM_PAGE_SIZE;

export const XML_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': 'public, s-maxage=86400, stale-while-revalidate=86400',
};

export function xmlEscape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** How many video sitemaps there are (at least one, so the index never points nowhere). */
export async function videoSitemapCount(): Promise<number> {
  const { total } = await getVideos({ sort: 'latest-updates', page: 1, count: 1 });
  const n = Math.min(total ?? 0, MAX_VIDEOS);
  return Math.max(1, Math.ceil(n / SITEMAP_MAX_URLS));
}

export async function sitemapIndex(): Promise<string> {
  const { siteUrl } = getConfig();
  const count = await videoSitemapCount();
  const now = new Date().toISOString();
  const names = ['pages.xml', ...Array.from({ length: count }, (_, i) => `videos-${i + 1}.xml`)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...names.map((n) => `<sitemap><loc>${xmlEscape(`${siteUrl}/sitemaps/${n}`)}</loc><lastmod>${now}</lastmod></sitemap>`),
    '</sitemapindex>',
  ].join('\n');
}

export async function pagesSitemap(): Promise<string> {
  const { siteUrl } = getConfig();
  const categories = await getCategories('count-videos');
  const entries: { loc: string; freq: string; priority: string }[] = [
    { loc: '/', freq: 'hourly', priority: '1.0' },
    ...SORTS.map((s) => ({ loc: videosUrl(s), freq: 'daily', priority: '0.8' })),
    { loc: categoriesUrl(), freq: 'daily', priority: '0.7' },
    ...categories.map((c) => ({ loc: categoryUrl(c.dir), freq: 'daily', priority: '0.7' })),
    { loc: informationUrl(), freq: 'monthly', priority: '0.2' },
    ...INFORMATION_PAGES.map((p) => ({ loc: informationUrl(p), freq: 'monthly', priority: '0.2' })),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) => `<url><loc>${xmlEscape(absoluteUrl(siteUrl, e.loc))}</loc><changefreq>${e.freq}</changefreq><priority>${e.priority}</priority></url>`,
    ),
    '</urlset>',
  ].join('\n');
}

function videoEntry(siteUrl: string, v: VideoSummary): string {
  const tag = (name: string, value: string) => `<video:${name}>${xmlEscape(value)}</video:${name}>`;
  return [
    `<url><loc>${xmlEscape(absoluteUrl(siteUrl, videoUrl(v)))}</loc><video:video>`,
    tag('thumbnail_loc', absoluteUrl(siteUrl, v.thumb)),
    tag('title', v.title.slice(0, 100)),
    tag('description', v.title.slice(0, 2048)),
    // The list items carry no embed value; the site's own player page is /embed/{id}/.
    tag('player_loc', `${siteUrl}/embed/${v.id}/`),
    v.duration > 0 ? tag('duration', String(Math.min(28800, v.duration))) : '',
    tag('view_count', String(v.views)),
    tag('publication_date', v.postDate),
    tag('family_friendly', 'no'),
    '</video:video></url>',
  ].join('');
}

/** Video sitemap n (1-based): videos (n-1)*50,000 up to n*50,000 of latest updates. Null past the end. */
export async function videoSitemap(n: number): Promise<string | null> {
  if (!Number.isInteger(n) || n < 1 || n > (await videoSitemapCount())) return null;
  const { siteUrl } = getConfig();
  const parts: string[] = [];
  const firstPage = (n - 1) * PAGES_PER_SITEMAP + 1;
  const lastPage = Math.min(LIMITS.maxPage, n * PAGES_PER_SITEMAP);
  for (let page = firstPage; page <= lastPage; page++) {
    const { videos } = await getVideos({ sort: 'latest-updates', page, count: ENUM_PAGE_SIZE });
    for (const v of videos) parts.push(videoEntry(siteUrl, v));
    if (videos.length < ENUM_PAGE_SIZE) break;
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">',
    ...parts,
    '</urlset>',
  ].join('\n');
}
