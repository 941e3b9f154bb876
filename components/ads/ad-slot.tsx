import { getConfig } from '@/lib/config';
import { t } from '@/lib/i18n';
import styles from './ad-slot.module.css';

export type AdKind = 'banner' | 'native';

/**
 * A 300x250 ad slot. Its box is reserved in CSS, so an ad never shifts the layout.
 *
 * Operators set the ad tag with AD_BANNER_HTML (banner slots: footer, video page) and
 * AD_NATIVE_HTML (the footer's native block). The tag is rendered inside a sandboxed
 * 300x250 iframe (/ad-frame/{kind}/, a document with its own CSP: a srcdoc frame would inherit
 * the page's): its scripts run on every page view, also after client-side navigation, and cannot
 * touch the page. Without a tag, a discreet placeholder keeps the space.
 */
export function AdSlot({ kind = 'banner', id, className }: { kind?: AdKind; id: string; className?: string }) {
  const c = getConfig();
  const html = kind === 'native' ? c.adNativeHtml || c.adBannerHtml : c.adBannerHtml;
  return (
    <div className={`${styles.slot} ${className ?? ''}`} data-ad-slot={id} data-ad-kind={kind}>
      {html ? (
        <iframe
          className={styles.frame}
          src={`/ad-frame/${kind}/`}
          width={300}
          height={250}
          title={t('ads.label')}
          loading="lazy"
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div className={styles.placeholder}>
          <span>{t(kind === 'native' ? 'ads.nativeLabel' : 'ads.label')}</span>
          <span className={styles.size}>{t('ads.placeholder')}</span>
        </div>
      )}
    </div>
  );
}

/** A row of ad slots that wraps (2 per row at 767px and below when `pairs` is set; four wrap two and two). */
export function AdRow({ count, kind = 'banner', id, pairs = false }: { count: number; kind?: AdKind; id: string; pairs?: boolean }) {
  return (
    <div className={`${styles.row} ${pairs ? styles.pairs : ''} ${count === 4 ? styles.four : ''}`}>
      {Array.from({ length: count }, (_, i) => (
        <AdSlot key={i} kind={kind} id={`${id}-${i + 1}`} />
      ))}
    </div>
  );
}
