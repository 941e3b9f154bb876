/**
 * A video page's SEO, computed once (videoSeo) and read by both its metadata (videoMetadata:
 * title, description, canonical, Open Graph, Twitter) and its VideoObject JSON-LD (videoJsonLd),
 * so that the two can never disagree on a URL or a description.
 */
import type { Metadata } from 'next';
import { formatDuration, isoDuration } from '@/lib/web/format';
import { t } from '@/lib/i18n';
import { sectionUrl, videoUrl } from '@/lib/web/routes';
import { embedSrc } from '@/lib/seo/embed';
import { absoluteUrl } from '@/lib/seo/urls';
import type { VideoDetail } from '@/lib/contract/types';
import type { VideoCredits } from '@/lib/data/entity-reshape';

export interface VideoSeo {
  title: string;
  /** The description, or a fallback from the title and duration; at most 300 characters. */
  description: string;
  /** The canonical path (metadataBase makes it absolute). */
  canonical: string;
  /** The page's absolute URL. */
  pageUrl: string;
  /** The thumbnail's absolute URL. */
  image: string;
  /** The player's absolute URL (the embed), null when the video has no usable one. */
  player: string | null;
  /** The site's origin, for the other absolute URLs of the JSON-LD (its models' pages). */
  siteUrl: string;
}

function describe(video: VideoDetail): string {
  const text = video.description.trim() || t('video.fallbackDescription', { title: video.title, duration: formatDuration(video.duration) });
  return text.length > 300 ? `${text.slice(0, 297).trimEnd()}…` : text;
}

export function videoSeo(video: VideoDetail, siteUrl: string): VideoSeo {
  const canonical = videoUrl(video);
  const embed = embedSrc(video.embed, siteUrl);
  return {
    title: video.title,
    description: describe(video),
    canonical,
    pageUrl: absoluteUrl(siteUrl, canonical),
    image: absoluteUrl(siteUrl, video.thumb),
    player: embed ? absoluteUrl(siteUrl, embed) : null,
    siteUrl,
  };
}

export function videoMetadata(video: VideoDetail, seo: VideoSeo): Metadata {
  const { title, description, canonical, image, player } = seo;
  return {
    title,
    description,
    alternates: { canonical },
    openGraph: {
      type: 'video.other',
      title,
      description,
      url: canonical,
      images: [{ url: image, width: 320, height: 180, alt: title }],
      videos: player ? [{ url: player, secureUrl: player.startsWith('https:') ? player : undefined, type: 'text/html', width: 1280, height: 720 }] : undefined,
    },
    twitter: player
      ? { card: 'player', title, description, images: [{ url: image, alt: title }], players: [{ playerUrl: player, streamUrl: player, width: 1280, height: 720 }] }
      : { card: 'summary_large_image', title, description, images: [{ url: image, alt: title }] },
    other: { rating: 'adult', 'video:duration': String(video.duration), 'video:release_date': video.postDate },
  };
}

/** The VideoObject (schema.org) of the page: its models as actors (each with its page), its tags as keywords. */
export function videoJsonLd(video: VideoDetail & { credits?: VideoCredits }, seo: VideoSeo): Record<string, unknown> {
  const models = video.credits?.models ?? [];
  const keywords = video.credits ? video.credits.tags.map((tag) => tag.title) : video.tags;
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description: seo.description,
    thumbnailUrl: [seo.image],
    uploadDate: video.postDate,
    duration: isoDuration(video.duration),
    ...(seo.player ? { embedUrl: seo.player } : {}),
    url: seo.pageUrl,
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: video.views,
    },
    isFamilyFriendly: false,
    ...(video.username ? { author: { '@type': 'Person', name: video.username } } : {}),
    ...(video.categories.length ? { genre: video.categories.map((c) => c.title) } : {}),
    ...(models.length ? { actor: models.map((m) => ({ '@type': 'Person', name: m.title, url: absoluteUrl(seo.siteUrl, sectionUrl('model', m.dir, 'latest-updates', 1, {}, video.credits?.orientation)) })) } : {}),
    ...(keywords.length ? { keywords: keywords.join(', ') } : {}),
  };
}
