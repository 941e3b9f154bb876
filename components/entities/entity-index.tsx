import type { Metadata } from 'next';
import { LoadingLink } from '@/components/navigation/loading-link';
import { Page, PageHeading } from '@/components/layout/page';
import { EmptyList } from '@/components/listing/empty-list';
import { Pagination } from '@/components/listing/pagination';
import { OutageGuard } from '@/components/outage/source-outage';
import { BreadcrumbsJsonLd } from '@/components/seo/breadcrumbs-json-ld';
import { attempt } from '@/lib/data';
import { getEntityIndex, INDEX_COUNT } from '@/lib/data/entities';
import { notFoundBriefly } from '@/lib/data/nothing-here';
import { mediaHeldBack } from '@/lib/age/hold-media';
import { countText, t } from '@/lib/i18n';
import { listingMetadata, pageSuffix } from '@/lib/seo/listing';
import type { EntityKind } from '@/lib/contract/source';
import { ENTITY_SORTS, type Orientation } from '@/lib/contract/types';
import { LETTERS } from '@/lib/web/params';
import { DEFAULT_ENTITY_SORT, entityIndexUrl, homeUrl, parseEntityIndex, parseOrientationSegment, sectionUrl, type EntityIndexParams } from '@/lib/web/routes';
import styles from '@/components/categories/category-index.module.css';
import own from './entity-index.module.css';

/** The default page of an index: /models/ and /channels/ themselves. */
export const FIRST_INDEX_PAGE: EntityIndexParams = { sort: DEFAULT_ENTITY_SORT, letter: '', page: 1 };

const letterText = (letter: string) => (letter === '0' ? '#' : letter.toUpperCase());

export function entityIndexMetadata(kind: EntityKind, p: EntityIndexParams, o: Orientation): Metadata {
  const letter = p.letter ? ` ${t('models.letterTitle', { letter: letterText(p.letter) })}` : '';
  return listingMetadata({
    title: `${t(`${kind}s.title`)}${letter} - ${t(`${kind}s.sorts.${p.sort}`)}${p.page > 1 ? pageSuffix(p.page) : ''}`,
    description: t(`${kind}s.description`),
    canonical: entityIndexUrl(kind, p, o),
  });
}

/** A row of links, the current one a plain span (the category index's look). */
function Choices({ label, items }: { label: string; items: { key: string; text: string; href: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className={`${styles.sorts} ${own.choices}`}>
      {items.map((c) =>
        c.current ? (
          <span key={c.key} className={`${styles.sort} ${styles.current}`} aria-current="page">
            {c.text}
          </span>
        ) : (
          <LoadingLink key={c.key} href={c.href} className={styles.sort} prefetch={false}>
            {c.text}
          </LoadingLink>
        ),
      )}
    </nav>
  );
}

/**
 * The model or channel index: its sorts, the models' letter filter, a grid of cards (a thumbnail of
 * one of its videos, its name, its count of videos) and pagination. Every choice is a link to a
 * cached page; a page past the last is a 404.
 */
export async function EntityIndex({ kind, p, o }: { kind: EntityKind; p: EntityIndexParams; o: Orientation }) {
  const loaded = await attempt(() => getEntityIndex(kind, p.sort, p.letter, p.page, o));
  const items = loaded.ok ? loaded.value.items : [];
  if (loaded.ok && items.length === 0 && p.page > 1) return notFoundBriefly();
  const eager = mediaHeldBack() ? 0 : 6;
  return (
    <Page>
      <PageHeading title={t(`${kind}s.heading`)}>
        <Choices
          label={t(`${kind}s.sortLabel`)}
          items={ENTITY_SORTS.map((s) => ({ key: s, text: t(`${kind}s.sorts.${s}`), href: entityIndexUrl(kind, { ...p, sort: s, page: 1 }, o), current: s === p.sort }))}
        />
      </PageHeading>
      {kind === 'model' ? (
        <Choices
          label={t('models.letterLabel')}
          items={['', ...LETTERS].map((l) => ({
            key: l || 'all',
            text: l ? letterText(l) : t('models.allLetters'),
            href: entityIndexUrl(kind, { ...p, letter: l, page: 1 }, o),
            current: l === p.letter,
          }))}
        />
      ) : null}
      {items.length === 0 ? (
        <>
          <EmptyList reason={loaded.ok ? 'videos_not_found' : 'no_data'} code={loaded.ok ? undefined : loaded.code} />
          {loaded.ok ? null : <OutageGuard />}
        </>
      ) : (
        <>
          <ul className={styles.grid}>
            {items.map((e, i) => (
              <li key={e.dir}>
                <LoadingLink href={sectionUrl(kind, e.dir, 'latest-updates', 1, {}, o)} prefetch={false} className={styles.card}>
                  <span className={styles.thumb}>
                    {e.thumb ? (
                      // eslint-disable-next-line @next/next/no-img-element
                      <img src={e.thumb} alt="" width={320} height={180} loading={i < eager ? 'eager' : 'lazy'} fetchPriority={i === 0 && eager ? 'high' : undefined} />
                    ) : null}
                  </span>
                  <span className={styles.name}>{e.title}</span>
                  <span className={styles.count}>{countText(`${kind}s.count`, e.videos)}</span>
                </LoadingLink>
              </li>
            ))}
          </ul>
          <Pagination page={p.page} total={loaded.ok ? loaded.value.total : null} count={INDEX_COUNT} href={(page) => entityIndexUrl(kind, { ...p, page }, o)} />
        </>
      )}
      <BreadcrumbsJsonLd crumbs={[{ name: t('breadcrumbs.home'), path: homeUrl(o) }, { name: t(`${kind}s.title`) }]} />
    </Page>
  );
}

type IndexProps = { params: Promise<{ orientation?: string; sort?: string; letter?: string; page?: string }> };

/** The index's page and section from its route: /models/ itself (no sort segment), or the internal route; null means 404. */
async function parseIndex(kind: EntityKind, params: IndexProps['params']): Promise<{ p: EntityIndexParams; o: Orientation } | null> {
  const { orientation, sort, letter, page } = await params;
  const o = parseOrientationSegment(orientation);
  const p = sort === undefined ? FIRST_INDEX_PAGE : parseEntityIndex(kind, { sort, letter: letter ?? '', page: page ?? '' });
  return o && p ? { p, o } : null;
}

/** The page files of /models/ and /channels/ and their internal routes, in every section: one implementation, thin files. */
export function entityIndexPage(kind: EntityKind) {
  return {
    async generateMetadata({ params }: IndexProps): Promise<Metadata> {
      const r = await parseIndex(kind, params);
      return r ? entityIndexMetadata(kind, r.p, r.o) : {};
    },
    async Page({ params }: IndexProps) {
      const r = await parseIndex(kind, params);
      if (!r) return notFoundBriefly();
      return <EntityIndex kind={kind} p={r.p} o={r.o} />;
    },
  };
}
