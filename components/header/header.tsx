import Link from 'next/link';
import { LoadingLink } from '@/components/navigation/loading-link';
import { SearchBox } from '@/components/search/search-box';
import { t } from '@/lib/i18n';
import { categoriesUrl, entityIndexUrl, homeUrl, videosUrl } from '@/lib/web/routes';
import { ORIENTATIONS } from '@/lib/contract/types';
import { HEADER_ID } from './section-memory';
import { HeaderBehavior } from './header-behavior';
import { BookmarkIcon, HistoryIcon, LogoMark, MenuIcon } from './icons';
import styles from './header.module.css';

const MENU_ID = 'site-menu';

const MAIN_LINKS = [
  { href: videosUrl('latest-updates'), key: 'nav.new' },
  { href: videosUrl('most-popular'), key: 'nav.popular' },
  { href: videosUrl('top-rated'), key: 'nav.best' },
  { href: categoriesUrl(), key: 'nav.categories' },
  { href: entityIndexUrl('model'), key: 'nav.models' },
  { href: entityIndexUrl('channel'), key: 'nav.channels' },
] as const;

const SWITCH_TEXTS = { str: 'videoTypes.straight', gay: 'videoTypes.gay', she: 'videoTypes.shemale' } as const;

/**
 * The orientation switch: each section's home, one click away. Plain links (a full page load,
 * which the section memory runs on: components/header/section-memory.ts); the visitor's section is
 * marked by <html data-section>.
 */
function OrientationSwitch({ className }: { className?: string }) {
  return (
    <nav className={className} aria-label={t('nav.orientation')}>
      {ORIENTATIONS.map((o) => (
        <a key={o} href={homeUrl(o)} data-orientation={o} className={styles.switchLink}>
          {t(SWITCH_TEXTS[o])}
        </a>
      ))}
    </nav>
  );
}

export function Header({ siteName }: { siteName: string }) {
  return (
    <header id={HEADER_ID} className={styles.header}>
      <div className={styles.inner}>
        {/* The hamburger menu (width 1024 and below): a <details> works without JavaScript. */}
        <details id={MENU_ID} className={styles.menu}>
          <summary className={styles.menuButton} aria-label={t('nav.openMenu')}>
            <MenuIcon />
          </summary>
          <nav className={styles.menuPanel} aria-label={t('nav.menu')}>
            <ul>
              {MAIN_LINKS.map((l) => (
                <li key={l.href}>
                  <LoadingLink href={l.href} className={styles.menuLink}>
                    {t(l.key)}
                  </LoadingLink>
                </li>
              ))}
              <li>
                <Link href="/history/" className={styles.menuLink}>
                  <HistoryIcon /> {t('nav.history')}
                </Link>
              </li>
              <li>
                <Link href="/bookmarks/" className={styles.menuLink}>
                  <BookmarkIcon /> {t('nav.bookmarks')}
                </Link>
              </li>
            </ul>
            <OrientationSwitch className={styles.menuSwitch} />
          </nav>
        </details>

        <LoadingLink href="/" className={styles.logo} aria-label={t('site.homeLabel', { siteName })}>
          <LogoMark />
          <span className={styles.logoText}>{siteName}</span>
        </LoadingLink>

        <nav className={styles.nav} aria-label={t('nav.main')}>
          <ul>
            {MAIN_LINKS.map((l) => (
              <li key={l.href}>
                <LoadingLink href={l.href} className={styles.navLink}>
                  {t(l.key)}
                </LoadingLink>
              </li>
            ))}
          </ul>
        </nav>

        <OrientationSwitch className={styles.switch} />

        <div className={styles.search}>
          {/* No Suspense boundary: its fallback, a second form in every page's HTML, was what a visitor
              without JavaScript used, and the layout cannot know the page's section to search. */}
          <SearchBox />
        </div>

        <div className={styles.buttons}>
          <Link href="/history/" className={styles.iconButton} prefetch={false}>
            <HistoryIcon />
            <span className={styles.iconLabel}>{t('nav.history')}</span>
          </Link>
          <Link href="/bookmarks/" className={styles.iconButton} prefetch={false}>
            <BookmarkIcon />
            <span className={styles.iconLabel}>{t('nav.bookmarks')}</span>
          </Link>
        </div>
      </div>
      <HeaderBehavior headerId={HEADER_ID} menuId={MENU_ID} />
    </header>
  );
}
