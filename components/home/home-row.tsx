import { LoadingLink } from '@/components/navigation/loading-link';
import { EmptyList } from '@/components/listing/empty-list';
import { CardGrid } from '@/components/listing/card-grid';
import { t } from '@/lib/i18n';
import type { VideoList } from '@/lib/contract/types';
import styles from './home-row.module.css';

/** One home row: a heading, its videos and a 'see more' link to the full listing. */
export function HomeRow({ id, title, href, list, error, priority = false }: { id: string; title: string; href: string; list: VideoList; error?: string; priority?: boolean }) {
  const headingId = `row-${id}`;
  return (
    <section className={styles.row} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          <LoadingLink href={href} prefetch={false}>
            {title}
          </LoadingLink>
        </h2>
        <LoadingLink href={href} className={styles.more} aria-label={t('home.seeMoreLabel', { title })}>
          {t('home.seeMore')}
          <span aria-hidden="true">→</span>
        </LoadingLink>
      </div>
      {list.videos.length > 0 ? <CardGrid videos={list.videos} priority={priority} eagerCount={priority ? 4 : 0} /> : <EmptyList reason={error ? 'no_data' : undefined} code={error} />}
    </section>
  );
}
