import Link from 'next/link';
import { t } from '@/lib/i18n';
import { GATE_LAYER_ATTR, GATE_TEXT_ATTR, LEAVE_URL, MINIMUM_AGE, VERIFY_PATH } from './gate';
import styles from './age-gate.module.css';

const tr = (key: string) => t(`agegate.${key}`, { age: MINIMUM_AGE });

/**
 * The blocking age confirmation (docs/spec.md §4), in the server HTML of every page (in English,
 * hidden). The body's gate class, set by the inline script before first paint or as soon as
 * /api/country/ answers a first visit without the country cookie, shows it at once through CSS (GATE_CSS),
 * without waiting for any JavaScript.
 *
 * A server component: the markup costs no JavaScript. Its behaviour (focus trap, inert page, the
 * visitor's language, confirm) is in age-gate-behavior.ts, which AgeGateController loads only for
 * a gated visitor. The elements it needs are found by their data attributes.
 */
export function AgeGateDialog() {
  const text = (key: string) => ({ [GATE_TEXT_ATTR]: key });
  return (
    <div {...{ [GATE_LAYER_ATTR]: '' }}>
      <div className={styles.backdrop}>
        <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="agegate-title" aria-describedby="agegate-text" lang="en">
          <p className={styles.badge} aria-hidden="true">
            {MINIMUM_AGE}+
          </p>
          <h2 id="agegate-title" className={styles.title} {...text('title')}>
            {tr('title')}
          </h2>
          <p id="agegate-text" className={styles.text} {...text('text')}>
            {tr('text')}
          </p>
          <p className={styles.minAge} {...text('minAge')}>
            {tr('minAge')}
          </p>
          {/* In a verify region (the body's verify class) the law asks more than a click: a provider's check. */}
          <p className={styles.text} data-agegate-verify="">
            The law of your region asks us to have your age checked before we show any video or picture. A provider checks that you are{' '}
            {MINIMUM_AGE} or older; we learn only that, and keep nothing else.
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.confirm} data-testid="agegate-confirm" data-agegate-confirm="" {...text('confirm')}>
              {tr('confirm')}
            </button>
            <a href={VERIFY_PATH} className={styles.confirm} data-testid="agegate-verify" data-agegate-verify="" rel="nofollow">
              Verify my age
            </a>
            <a href={LEAVE_URL} className={styles.leave} rel="noreferrer" data-testid="agegate-leave" {...text('leave')}>
              {tr('leave')}
            </a>
          </div>
          <p className={styles.note}>
            <Link href="/information/support/" prefetch={false} {...text('parental')}>
              {tr('parental')}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
