'use client';
import { useEffect, useSyncExternalStore } from 'react';
import { onNotifyCode } from '@/lib/client/notify-codes';
import { hasText, t } from '@/lib/i18n/client';
import { dismiss, getNotifications, getServerNotifications, notify, subscribe } from './store';
import styles from './notifications.module.css';

/** The text for a 'notify' code carried by an API answer, filled with its info. */
export function notifyCodeText(code: string, info: Record<string, string> = {}): string {
  const key = `notify.${code}`;
  return /^[\w.-]{1,64}$/.test(code) && hasText(key) ? t(key, info) : t('notify.generic_error');
}

/** The one notification region (mounted once by VisitorShell), announced politely to screen readers. */
export function Notifications() {
  const items = useSyncExternalStore(subscribe, getNotifications, getServerNotifications);

  useEffect(() => onNotifyCode(({ code, info }) => notify.error(notifyCodeText(code, info))), []);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label={t('notifications.region')}>
      {items.map((n) => (
        <button
          key={n.id}
          type="button"
          className={`${styles.item} ${n.type === 'error' ? styles.error : styles.success}`}
          data-type={n.type}
          data-testid="notification"
          onClick={() => dismiss(n.id)}
          title={t('notifications.dismiss')}
        >
          <span className={styles.icon} aria-hidden="true">
            {n.type === 'error' ? '!' : '✓'}
          </span>
          <span className={styles.text}>{n.text}</span>
        </button>
      ))}
    </div>
  );
}
