import { isoDuration } from '@/lib/format';
import { absoluteUrl } from '@/lib/seo/urls';
import type { VideoDetail } from '@/lib/types';

/**
 * VideoObject structured data. next-seo's VideoJsonLd drops properties it does not know
 * (isFamilyFriendly among them), so the object is built here. Titles and descriptions may come
 * from an upstream: every '<' is escaped, so no text can close the <script> element (next-seo's
 * JsonLdScript only escapes the exact '</script>').
 */
export function VideoJsonLd({ video, siteUrl, pageUrl, embedUrl, description }: { video: VideoDetail; siteUrl: string; pageUrl: string; embedUrl: string | null; description: string }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description,
    thumbnailUrl: [absoluteUrl(siteUrl, video.thumb)],
    uploadDate: video.postDate,
    duration: isoDuration(video.duration),
    ...(embedUrl ? { embedUrl: absoluteUrl(siteUrl, embedUrl) } : {}),
    url: pageUrl,
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: video.views,
    },
    isFamilyFriendly: false,
    ...(video.username ? { author: { '@type': 'Person', name: video.username } } : {}),
    ...(video.categories.length ? { genre: video.categories.map((c) => c.title) } : {}),
    ...(video.tags.length ? { keywords: video.tags.join(', ') } : {}),
  };
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return <script type="application/ld+json" id="video-jsonld" data-testid="video-jsonld" dangerouslySetInnerHTML={{ __html: json }} />;
}
