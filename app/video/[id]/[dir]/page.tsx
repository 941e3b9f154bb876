import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Page } from '@/components/layout/page';
import { OutageGuard, OutageMessage } from '@/components/outage/source-outage';
import { VideoJsonLd } from '@/components/video/video-json-ld';
import { BreadcrumbsJsonLd } from '@/components/seo/breadcrumbs-json-ld';
import { sectionCrumbs, type Crumb } from '@/lib/seo/breadcrumbs';
import { VideoView } from '@/components/video/video-view';
import { attempt, getRelated, getVideo, shortLived, type Attempt } from '@/lib/data';
import { getConfig } from '@/lib/config';
import { t } from '@/lib/i18n';
import { parseVideoId } from '@/lib/web/params';
import { redirectBriefly } from '@/lib/data/nothing-here';
import { homeUrl, videoUrl } from '@/lib/web/routes';
import { videoMetadata, videoSeo } from '@/lib/seo/video';
import { statsDisabled } from '@/lib/contract/types';

// The 'video' lifetime (docs/spec.md §9); the first request renders, later ones come from the cache.
export const revalidate = 86400;

export function generateStaticParams(): { id: string; dir: string }[] {
  return [];
}

type Props = { params: Promise<{ id: string; dir: string }> };

type Video = NonNullable<Awaited<ReturnType<typeof getVideo>>>;

/** Home > its first category's index and page (else its channel's) > the video. */
function videoCrumbs(video: Video): Crumb[] {
  const category = video.categories[0];
  const channel = video.credits.channel;
  const o = video.credits.orientation;
  const section = category ? sectionCrumbs('category', category, true, o) : channel ? sectionCrumbs('channel', channel, true, o) : [{ name: t('breadcrumbs.home'), path: homeUrl(o) }];
  return [...section, { name: video.title }];
}

/** The video (null when the id is not one or the video does not exist), or the source's failure. */
async function load(params: Props['params']): Promise<Attempt<Video | null>> {
  const id = parseVideoId((await params).id);
  if (!id) return { ok: true, value: null };
  return attempt(() => getVideo(id));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await load(params);
  // A failed source: the page answers its outage message (503, never cached).
  if (!loaded.ok) return { title: t('error.title') };
  const video = loaded.value;
  return video ? videoMetadata(video, videoSeo(video, getConfig().siteUrl)) : {};
}

export default async function VideoPage({ params }: Props) {
  const { dir } = await params;
  const loaded = await load(params);
  if (!loaded.ok) {
    // 503 with the message for crawlers and visitors without JavaScript; in the browser the
    // segment's error boundary goes to /404/ (docs/spec.md §8). Never cached.
    return (
      <Page>
        <OutageMessage />
        <OutageGuard contained={false} />
      </Page>
    );
  }
  const video = loaded.value;
  // A missing video goes to /404/ (docs/spec.md §4), for a minute only: a scheduled video shows as
  // soon as it goes live. A wrong dir goes to the canonical URL, for a minute too: any dir can be
  // invented, and each would otherwise be a cache entry for a day (lib/data/nothing-here.ts).
  if (!video) {
    await shortLived();
    redirect('/404/');
  }
  if (video.dir !== dir) return redirectBriefly(videoUrl(video));
  // Related videos that fail to load leave the video playable, with 'show more' to try again.
  const related = statsDisabled(video) ? null : await attempt(() => getRelated(video.id, 1)).then((r) => (r.ok ? r.value : { videos: [], total: null }));
  return (
    <Page>
      <VideoView video={video} related={related} />
      <VideoJsonLd video={video} seo={videoSeo(video, getConfig().siteUrl)} />
      <BreadcrumbsJsonLd crumbs={videoCrumbs(video)} />
    </Page>
  );
}
