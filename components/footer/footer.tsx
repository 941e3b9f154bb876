import Link from 'next/link';
import { AdRow } from '@/components/ads/ad-slot';
import { getConfig } from '@/lib/config';
import { t } from '@/lib/i18n';
import { informationUrl } from '@/lib/web/routes';
import styles from './footer.module.css';

const LEGAL = [
  { href: informationUrl('dmca'), key: 'footer.dmca' },
  { href: informationUrl('terms'), key: 'footer.terms' },
  { href: informationUrl('privacy'), key: 'footer.privacy' },
  { href: informationUrl('2257'), key: 'footer.2257' },
  { href: informationUrl('support'), key: 'footer.support' },
  { href: informationUrl('cookies'), key: 'footer.cookies' },
  { href: '/my-data/', key: 'footer.myData' },
] as const;

function External({ href, children }: { href: string; children: React.ReactNode }) {
  const external = /^https?:/i.test(href);
  return external ? (
    <a href={href} className={styles.partner} rel="noopener">
      {children}
    </a>
  ) : (
    <Link href={href} className={styles.partner} prefetch={false}>
      {children}
    </Link>
  );
}

export function Footer() {
  const c = getConfig();
  // The year of the render; ISR re-renders pages at least daily, so it turns over with the year.
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} aria-label={t('footer.label')}>
      <div className={styles.ads}>
        <AdRow count={4} id="footer-banner" pairs />
        <AdRow count={3} kind="native" id="footer-native" pairs />
      </div>
      <div className={styles.bottom}>
        <nav aria-label={t('footer.links')}>
          <ul className={styles.links}>
            {LEGAL.map((l) => (
              <li key={l.href}>
                <Link href={l.href} prefetch={false}>
                  {t(l.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.partners}>
          <External href={c.webmastersUrl}>{t('footer.webmasters')}</External>
          <External href={c.workWithUsUrl}>{t('footer.workWithUs')}</External>
        </div>
        <div className={styles.legal}>
          <a href="https://www.rtalabel.org/" className={styles.rta} rel="noopener nofollow" aria-label={t('footer.rta')}>
            <svg aria-hidden="true" viewBox="0 0 88 31" width="88" height="31">
              <rect x="0.5" y="0.5" width="87" height="30" rx="4" fill="none" stroke="currentColor" />
              <text x="44" y="21" textAnchor="middle" fontSize="15" fontWeight="800" fill="currentColor" fontFamily="system-ui, sans-serif">
                RTA
              </text>
            </svg>
          </a>
          <p className={styles.note}>{t('footer.adultOnly')}</p>
          <p className={styles.copyright}>{t('footer.copyright', { year, siteName: c.siteName })}</p>
        </div>
      </div>
    </footer>
  );
}
