import { JsonLdScript } from 'next-seo';
import { isoDuration } from '@/lib/format';
import { absoluteUrl } from '@/lib/seo/urls';
import type { VideoDetail } from '@/lib/types';

/**
 * VideoObject structured data. next-seo's VideoJsonLd drops properties it does not know
 * (isFamilyFriendly among them), so the object is built here and written by next-seo's
 * JsonLdScript, which escapes it for a <script> element.
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
  return <JsonLdScript data={data} scriptKey="video-jsonld" id="video-jsonld" />;
}
