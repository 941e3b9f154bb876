import { videoJsonLd, type VideoSeo } from '@/lib/seo/video';
import type { VideoDetail } from '@/lib/contract/types';

/**
 * VideoObject structured data (lib/seo/video.ts, from the same videoSeo() as the page's metadata).
 * next-seo's VideoJsonLd drops properties it does not know (isFamilyFriendly among them), so the
 * object is built by us. Titles and descriptions may come from an upstream: every '<' is escaped,
 * so no text can close the <script> element (next-seo's JsonLdScript only escapes the exact
 * '</script>').
 */
export function VideoJsonLd({ video, seo }: { video: VideoDetail; seo: VideoSeo }) {
  const json = JSON.stringify(videoJsonLd(video, seo)).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return <script type="application/ld+json" id="video-jsonld" data-testid="video-jsonld" dangerouslySetInnerHTML={{ __html: json }} />;
}
