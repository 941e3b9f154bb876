import { LoadingLink } from '@/components/navigation/loading-link';
import { AdSlot } from '@/components/ads/ad-slot';
import { BookmarkButton } from '@/components/bookmarks/bookmark-button';
import { CardGrid } from '@/components/listing/card-grid';
import { RelatedMore } from '@/components/video/related-more';
import { VideoTracker } from '@/components/video/video-tracker';
import { VoteButtons } from '@/components/video/vote-buttons';
import { formatCount } from '@/lib/web/format';
import { ageText, countText, t } from '@/lib/i18n';
import { embedSrc } from '@/lib/seo/embed';
import { categoryUrl, sectionUrl } from '@/lib/web/routes';
import type { VideoCredits } from '@/lib/data/entity-reshape';
import { storableVideo } from '@/lib/client/storage/records';
import { statsDisabled, type VideoDetail, type VideoList } from '@/lib/contract/types';
import { Player } from './player';
import { RelativeAge } from './relative-age';
import { VideoAbout } from './video-about';
import styles from './video-view.module.css';

function RelatedAds() {
  return (
    <div className={styles.relatedAds}>
      <AdSlot id="related-1" />
      <AdSlot id="related-2" className={styles.desktopOnly} />
      <AdSlot id="related-3" className={styles.wideOnly} />
    </div>
  );
}

/** Who is in the video and where it comes from: links to the model's and the channel's pages. */
function Credits({ credits }: { credits: VideoCredits }) {
  const items = [
    ...(credits.channel ? [{ key: `c-${credits.channel.dir}`, label: t('video.channel'), title: credits.channel.title, href: sectionUrl('channel', credits.channel.dir, 'latest-updates', 1, {}, credits.orientation) }] : []),
    ...credits.models.map((m) => ({ key: `m-${m.dir}`, label: t('video.models'), title: m.title, href: sectionUrl('model', m.dir, 'latest-updates', 1, {}, credits.orientation) })),
  ];
  if (items.length === 0) return null;
  return (
    <ul className={styles.categories} aria-label={t('video.details')} data-testid="video-credits">
      {items.map((c) => (
        <li key={c.key}>
          <LoadingLink href={c.href} prefetch={false} className={styles.chip} title={c.label}>
            <span className="visually-hidden">{c.label}: </span>
            {c.title}
          </LoadingLink>
        </li>
      ))}
    </ul>
  );
}

/** The video page. `related` is null for status 5 (no stat, no history, no related videos). */
export function VideoView({ video, related }: { video: VideoDetail & { credits?: VideoCredits }; related: VideoList | null }) {
  const active = !statsDisabled(video);
  return (
    <>
      <div className={styles.layout}>
        <div className={styles.main}>
          <Player src={embedSrc(video.embed)} title={video.title} />
          <h1 className={styles.title}>{video.title}</h1>
          <div className={styles.bar}>
            <p className={styles.stats}>
              <span>{countText('video.views', video.views, { count: formatCount(video.views) })}</span>
              <span aria-hidden="true">·</span>
              <RelativeAge postDate={video.postDate} renderedAge={ageText(video.postDate)} />
            </p>
            <div className={styles.actions}>
              <VoteButtons videoId={video.id} likes={video.likes} dislikes={video.dislikes} />
              <BookmarkButton video={storableVideo(video)} variant="page" />
            </div>
          </div>
          {video.categories.length > 0 ? (
            <nav aria-label={t('video.categories')}>
              <ul className={styles.categories}>
                {video.categories.map((c) => (
                  <li key={c.dir}>
                    <LoadingLink href={categoryUrl(c.dir, 'latest-updates', 1, {}, video.credits?.orientation)} prefetch={false} className={styles.chip}>
                      {c.title}
                    </LoadingLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {video.credits ? <Credits credits={video.credits} /> : null}
          <VideoAbout video={video} />
          <div className={styles.mobileAds}>
            <AdSlot id="video-mobile-1" />
          </div>
        </div>
        <div className={styles.side}>
          <AdSlot id="video-side-1" />
          <AdSlot id="video-side-2" />
        </div>
      </div>

      {active && related ? (
        <section className={styles.related} aria-labelledby="related-heading">
          <h2 id="related-heading" className={styles.relatedTitle}>
            {t('video.related')}
          </h2>
          {related.videos.length > 0 ? (
            <CardGrid videos={related.videos} eagerCount={0} inserts={{ [Math.min(4, related.videos.length - 1)]: <RelatedAds /> }} />
          ) : null}
          <RelatedMore videoId={video.id} title={video.title} />
          <div className={styles.mobileAds}>
            <AdSlot id="video-mobile-2" />
          </div>
        </section>
      ) : null}
      {active ? (
        // Only the fields it stores cross into the client payload (not the description, tags, ...).
        <VideoTracker video={{ ...storableVideo(video), statusId: video.statusId, exTube: video.exTube, exId: video.exId }} />
      ) : null}
    </>
  );
}
