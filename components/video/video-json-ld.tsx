import { JsonLd } from '@/components/seo/json-ld';
import { videoJsonLd, type VideoSeo } from '@/lib/seo/video';
import type { VideoDetail } from '@/lib/contract/types';
import type { VideoCredits } from '@/lib/data/entity-reshape';

/**
 * VideoObject structured data (lib/seo/video.ts, from the same videoSeo() as the page's metadata).
 * next-seo's VideoJsonLd drops properties it does not know (isFamilyFriendly among them), so the
 * object is built by us, and written escaped (next-seo's JsonLdScript only escapes the exact
 * '</script>').
 */
export function VideoJsonLd({ video, seo }: { video: VideoDetail & { credits?: VideoCredits }; seo: VideoSeo }) {
  return <JsonLd id="video-jsonld" data={videoJsonLd(video, seo)} />;
}
