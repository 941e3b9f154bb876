import 'server-only';
/**
 * Sitemaps: an index over the sitemaps of pages and the video sitemaps, both as the route
 * families' table declares them (lib/web/route-families.ts: a family's `sitemap` names its file
 * and lists its URLs), the video sitemaps by id ranges of 10,000 videos (lib/data), each entry a
 * Google video-sitemap `<video:video>`, every entry and file with its `lastmod`. Each file is
 * rendered once per catalogue version and kept gzipped apart from the page cache (a crawler
 * reading all of them must not evict the pages visitors read): ./sitemap-store.ts, served by
 * ./sitemap-response.ts (a CDN may keep them too: see XML_HEADERS).
 */
import { getCategories, getSitemapFiles, getSitemapVideos, getVideos } from '@/lib/data';
import { type EntitySitemapEntry, getEntitySitemap, getEntitySitemapFiles } from '@/lib/data/entities';
import { getConfig } from '@/lib/config';
import type { SitemapVideo } from '@/lib/contract/types';
import { absoluteUrl } from './urls';
import { ROUTE_FAMILIES, type RouteFamily, type SitemapCatalog, type SitemapEntityKind, type SitemapListing } from '@/lib/web/route-families';
import { sectionUrl, videoUrl } from '@/lib/web/routes';

export const XML_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=3600',
};

/** The source is down: a crawler comes back later, and no 500 is ever answered. */
export function sitemapUnavailable(err: unknown): Response {
  console.error('[sitemap] source failure', err);
  return new Response('Temporarily unavailable', { status: 503, headers: { 'Content-Type': 'text/plain', 'Retry-After': '300' } });
}

export function xmlEscape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** The newest post date of the catalogue: when the listings (and so the pages sitemap) last changed. */
async function newestPostDate(): Promise<string> {
  return (await getVideos({ sort: 'latest-updates', page: 1, count: 1 })).videos[0]?.postDate ?? new Date().toISOString();
}

type PagesListing = Extract<SitemapListing, { file: string }>;

const pagesListings = (families: readonly RouteFamily[]): PagesListing[] => families.flatMap((f) => (f.sitemap && 'file' in f.sitemap ? [f.sitemap] : []));

export type EntitiesListing = Extract<SitemapListing, { entities: SitemapEntityKind }>;
const entityListings = (families: readonly RouteFamily[]): EntitiesListing[] => families.flatMap((f) => (f.sitemap && 'entities' in f.sitemap ? [f.sitemap] : []));

/** The sitemap files of a kind of entity: models-1.xml, channels-1.xml, tags-1.xml, ... */
export const entitySitemapName = (kind: SitemapEntityKind, n: number) => `${kind}s-${n}.xml`;

/** The names of the sitemaps of pages ('pages.xml', ...), in the table's order. */
export function pagesSitemapNames(families: readonly RouteFamily[] = ROUTE_FAMILIES): string[] {
  return [...new Set(pagesListings(families).map((l) => `${l.file}.xml`))];
}

/** True when a family lists its URLs in the numbered video sitemaps. */
const hasVideoSitemaps = (families: readonly RouteFamily[]) => families.some((f) => f.sitemap && 'videos' in f.sitemap);

export interface IndexEntry {
  name: string;
  lastmod: string;
}

export function sitemapIndexXml(siteUrl: string, entries: readonly IndexEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((e) => `<sitemap><loc>${xmlEscape(`${siteUrl}/sitemaps/${e.name}`)}</loc><lastmod>${e.lastmod}</lastmod></sitemap>`),
    '</sitemapindex>',
  ].join('\n');
}

type Files = readonly { n: number; lastmod: string }[];

/** The index's entries: every sitemap of pages (dated by the newest video), the video sitemaps, then the models', channels' and tags'. */
export function sitemapIndexEntries(
  families: readonly RouteFamily[],
  newest: string,
  videoFiles: Files,
  entityFiles: Partial<Record<SitemapEntityKind, Files>> = {},
): IndexEntry[] {
  return [
    ...pagesSitemapNames(families).map((name) => ({ name, lastmod: newest })),
    ...(hasVideoSitemaps(families) ? videoFiles.map((f) => ({ name: `videos-${f.n}.xml`, lastmod: f.lastmod })) : []),
    ...entityListings(families).flatMap((l) => (entityFiles[l.entities] ?? []).map((f) => ({ name: entitySitemapName(l.entities, f.n), lastmod: f.lastmod }))),
  ];
}

export async function sitemapIndex(families: readonly RouteFamily[] = ROUTE_FAMILIES): Promise<string> {
  const { siteUrl } = getConfig();
  const kinds = entityListings(families).map((l) => l.entities);
  const [files, newest, ...perKind] = await Promise.all([getSitemapFiles(), newestPostDate(), ...kinds.map((k) => getEntitySitemapFiles(k))]);
  const entityFiles = Object.fromEntries(kinds.map((k, i) => [k, perKind[i] ?? []]));
  return sitemapIndexXml(siteUrl, sitemapIndexEntries(families, newest, files, entityFiles));
}

/**
 * A models', channels' or tags' sitemap file ('models-1.xml'): each one's first listing page in every
 * orientation it has listable videos in (elsewhere its page is a 404), dated by that orientation's
 * newest video; null for no such file.
 */
export async function entitySitemap(name: string, families: readonly RouteFamily[] = ROUTE_FAMILIES): Promise<string | null> {
  const m = /^(model|channel|tag)s-([1-9]\d{0,5})\.xml$/.exec(name);
  const listing = m && entityListings(families).find((l) => l.entities === m[1]);
  if (!m || !listing) return null;
  const rows = await getEntitySitemap(listing.entities, Number(m[2]));
  return rows && pagesSitemapXml(getConfig().siteUrl, entitySitemapEntries(listing, rows));
}

/** The URLs of an entity sitemap's rows, each in its orientation's section. */
export const entitySitemapEntries = (listing: EntitiesListing, rows: readonly EntitySitemapEntry[]): PageEntry[] =>
  rows.map((r) => ({ loc: sectionUrl(listing.entities, r.dir, undefined, undefined, undefined, r.o), freq: listing.changefreq, priority: listing.priority, lastmod: r.lastmod }));

interface PageEntry {
  loc: string;
  freq: PagesListing['changefreq'];
  priority: string;
  lastmod: string | null;
}

/** The entries of sitemap `name` ('pages.xml'): every family's URLs listed there, in the table's order; null for no such file. */
export async function pagesSitemapEntries(name: string, families: readonly RouteFamily[], catalog: SitemapCatalog, newest: string): Promise<PageEntry[] | null> {
  const listings = pagesListings(families).filter((l) => `${l.file}.xml` === name);
  if (listings.length === 0) return null;
  const lists = await Promise.all(listings.map(async (l) => ({ l, urls: await l.urls(catalog, 'str') })));
  return lists.flatMap(({ l, urls }) => urls.map((loc) => ({ loc, freq: l.changefreq, priority: l.priority, lastmod: l.lastmod ? newest : null })));
}

export function pagesSitemapXml(siteUrl: string, entries: readonly PageEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) =>
        `<url><loc>${xmlEscape(absoluteUrl(siteUrl, e.loc))}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}` +
        `<changefreq>${e.freq}</changefreq><priority>${e.priority}</priority></url>`,
    ),
    '</urlset>',
  ].join('\n');
}

/** What the table's listings read of the catalogue. */
const CATALOG: SitemapCatalog = { categories: (o) => getCategories('count-videos', o) };

/** Sitemap of pages `name` ('pages.xml'), or null when the table lists no such file. */
export async function pagesSitemap(name: string, families: readonly RouteFamily[] = ROUTE_FAMILIES): Promise<string | null> {
  if (!pagesSitemapNames(families).includes(name)) return null;
  const { siteUrl } = getConfig();
  const entries = await pagesSitemapEntries(name, families, CATALOG, await newestPostDate());
  return entries && pagesSitemapXml(siteUrl, entries);
}

function videoEntry(siteUrl: string, v: SitemapVideo): string {
  const tag = (name: string, value: string) => `<video:${name}>${xmlEscape(value)}</video:${name}>`;
  return [
    `<url><loc>${xmlEscape(absoluteUrl(siteUrl, videoUrl(v)))}</loc><lastmod>${v.postDate}</lastmod><video:video>`,
    tag('thumbnail_loc', absoluteUrl(siteUrl, v.thumb)),
    tag('title', v.title.slice(0, 100)),
    tag('description', (v.description || v.title).slice(0, 2048)),
    // The site's own player page plays every video, whatever its source's embed.
    tag('player_loc', `${siteUrl}/embed/${v.id}/`),
    v.duration > 0 ? tag('duration', String(Math.min(28800, v.duration))) : '',
    tag('view_count', String(v.views)),
    tag('publication_date', v.postDate),
    tag('family_friendly', 'no'),
    '</video:video></url>',
  ].join('');
}

const VIDEO_URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">';
/** Entries written between two turns of the event loop: a whole file in one go held it for long. */
const ENTRIES_PER_TURN = 1000;

/** Video sitemap n (1-based), or null when there is no such file. Written in slices, the event loop free between them. */
export async function videoSitemap(n: number): Promise<string | null> {
  if (!Number.isInteger(n) || n < 1) return null;
  const videos = await getSitemapVideos(n);
  if (!videos) return null;
  const { siteUrl } = getConfig();
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', VIDEO_URLSET];
  for (let i = 0; i < videos.length; i += ENTRIES_PER_TURN) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const v of videos.slice(i, i + ENTRIES_PER_TURN)) lines.push(videoEntry(siteUrl, v));
  }
  lines.push('</urlset>');
  return lines.join('\n');
}

export function videoSitemapXml(siteUrl: string, videos: SitemapVideo[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', VIDEO_URLSET, ...videos.map((v) => videoEntry(siteUrl, v)), '</urlset>'].join('\n');
}
