import { LoadingLink } from '@/components/navigation/loading-link';
import { formatDuration } from '@/lib/web/format';
import { t } from '@/lib/i18n';
import { categoryUrl, searchUrl, sectionUrl } from '@/lib/web/routes';
import type { Orientation, VideoDetail } from '@/lib/contract/types';
import type { TagRef, VideoCredits } from '@/lib/data/entity-reshape';
import styles from './video-about.module.css';

/**
 * Description and information with show more / hide. A <details> element: no JavaScript, and
 * the text is in the server HTML for crawlers either way.
 */
export function VideoAbout({ video }: { video: VideoDetail & { credits?: VideoCredits } }) {
  const published = new Date(video.postDate);
  const tags = video.credits?.tags;
  return (
    <details className={styles.about}>
      <summary className={styles.summary}>
        <span className={styles.preview}>
          <strong>{t('video.description')}</strong>
          {video.description ? <span className={styles.clamp}>{video.description}</span> : null}
        </span>
        <span className={styles.toggle}>
          <span className={styles.more}>{t('video.showMore')}</span>
          <span className={styles.less}>{t('video.hide')}</span>
        </span>
      </summary>
      <div className={styles.body}>
        {video.description ? <p className={styles.description}>{video.description}</p> : null}
        <h2 className={styles.heading}>{t('video.information')}</h2>
        <dl className={styles.info}>
          <dt>{t('video.duration')}</dt>
          <dd>{formatDuration(video.duration)}</dd>
          <dt>{t('video.published')}</dt>
          <dd>
            <time dateTime={video.postDate}>{published.toISOString().slice(0, 10)}</time>
          </dd>
          {video.username ? (
            <>
              <dt>{t('video.uploader')}</dt>
              <dd>{video.username}</dd>
            </>
          ) : null}
          {video.categories.length > 0 ? (
            <>
              <dt>{t('video.categories')}</dt>
              <dd>
                {video.categories.map((c, i) => (
                  <span key={c.dir}>
                    {i > 0 ? ', ' : null}
                    <LoadingLink href={categoryUrl(c.dir, 'latest-updates', 1, {}, video.credits?.orientation)} prefetch={false}>
                      {c.title}
                    </LoadingLink>
                  </span>
                ))}
              </dd>
            </>
          ) : null}
          {tags && tags.length > 0 ? (
            <>
              <dt>{t('video.tags')}</dt>
              <dd className={styles.tags}>
                {tags.slice(0, 20).map((tag) => (
                  <TagLink key={tag.dir} tag={tag} o={video.credits?.orientation ?? 'str'} />
                ))}
              </dd>
            </>
          ) : !tags && video.tags.length > 0 ? (
            <>
              <dt>{t('video.tags')}</dt>
              <dd className={styles.tags}>
                {video.tags.slice(0, 20).map((tag) =>
                  tag.trim().length >= 3 ? (
                    <LoadingLink key={tag} href={searchUrl(tag)} prefetch={false} rel="nofollow" className={styles.tag}>
                      {tag}
                    </LoadingLink>
                  ) : (
                    <span key={tag} className={styles.tag}>
                      {tag}
                    </span>
                  ),
                )}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
    </details>
  );
}

/** A tag with its own page from MIN_TAG_VIDEOS videos on (lib/contract/constants.ts); a thinner one is plain text. */
function TagLink({ tag, o }: { tag: TagRef; o: Orientation }) {
  return tag.linked ? (
    <LoadingLink href={sectionUrl('tag', tag.dir, 'latest-updates', 1, {}, o)} prefetch={false} className={styles.tag}>
      {tag.title}
    </LoadingLink>
  ) : (
    <span className={styles.tag}>{tag.title}</span>
  );
}
