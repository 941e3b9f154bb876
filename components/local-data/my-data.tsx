'use client';
import { deleteCookie, getCookie } from 'cookies-next/client';
import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import { AGE_COOKIE, COUNTRY_COOKIE_NAME } from '@/components/agegate/gate';
import { COOKIE_NOTICE_KEY } from '@/components/cookie-notice/notice-flag';
import { notify } from '@/components/notifications/store';
import { createI18n, type Messages } from '@/lib/i18n/core';
import en from '@/locales/en/client';
import myDataTexts from '@/locales/en/my-data.json';
import { readSearchHistory } from '@/lib/client/search-history';
import { countWatchLater, listHistoryRecords, onStorageChange } from '@/lib/client/storage';
import { exportLocalData, importLocalData, MAX_IMPORT_BYTES, wipeLocalData } from '@/lib/client/storage/local-data';
import styles from './local-data.module.css';

// This page's own texts travel with its own chunk, not with every page's shared JavaScript.
const { t, countText } = createI18n({ ...en, ...myDataTexts } as Messages);

interface Summary {
  bookmarks: number | null;
  history: number | null;
  searches: number;
  cookieNotice: boolean;
  ageCookie: boolean;
  country: string | null;
}

async function summarize(): Promise<Summary> {
  const [bookmarks, history] = await Promise.all([countWatchLater(), listHistoryRecords()]);
  let cookieNotice = false;
  try {
    cookieNotice = window.localStorage.getItem(COOKIE_NOTICE_KEY) !== null;
  } catch {
    // storage off
  }
  const country = getCookie(COUNTRY_COOKIE_NAME);
  return {
    bookmarks,
    history: history ? history.length : null,
    searches: readSearchHistory().length,
    cookieNotice,
    ageCookie: getCookie(AGE_COOKIE) === '1',
    country: typeof country === 'string' && /^[A-Z]{2}$/.test(country) && country !== 'XX' ? country : null,
  };
}

/** "Your data": what the site keeps in this browser, with export, import and wipe. */
export function MyData() {
  const [summary, setSummary] = useState<Summary | null>(null);
  const refresh = useCallback(() => void summarize().then(setSummary), []);

  useEffect(() => {
    refresh();
    return onStorageChange(refresh);
  }, [refresh]);

  const onExport = async () => {
    const data = await exportLocalData();
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `tubefront-data-${data.exportedAt.slice(0, 10)}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const result = file.size <= MAX_IMPORT_BYTES ? await importLocalData(await file.text()) : null;
    if (result) {
      notify.success(
        t('myData.imported', {
          bookmarks: countText('myData.importedBookmarks', result.bookmarks),
          history: countText('myData.importedHistory', result.history),
          searches: countText('myData.importedSearches', result.searches),
        }),
      );
    }
    else notify.error(t('myData.importFailed'));
    refresh();
  };

  const onWipe = async () => {
    if (!window.confirm(t('myData.confirmWipe'))) return;
    await wipeLocalData();
    try {
      window.localStorage.removeItem(COOKIE_NOTICE_KEY);
    } catch {
      // storage off
    }
    deleteCookie(AGE_COOKIE, { path: '/' });
    notify.success(t('myData.wiped'));
    refresh();
  };

  const count = (n: number | null | undefined) => (n === null || n === undefined ? '–' : countText('myData.items', n));
  const flag = (on: boolean | undefined) => (on ? t('myData.set') : t('myData.notSet'));

  return (
    <>
      <p className={styles.lead}>{t('myData.intro')}</p>

      <section className={styles.section} aria-labelledby="my-data-what">
        <h2 id="my-data-what">{t('myData.what')}</h2>
        {summary && summary.bookmarks === null ? <p className={styles.warning}>{t('myData.unavailable')}</p> : null}
        <dl className={styles.table} data-testid="my-data-summary">
          <dt>{t('myData.bookmarks')}</dt>
          <dd>{t('myData.bookmarksWhere')}</dd>
          <dd className={styles.value} data-testid="my-data-bookmarks">
            {count(summary?.bookmarks)}
          </dd>
          <dt>{t('myData.history')}</dt>
          <dd>{t('myData.historyWhere')}</dd>
          <dd className={styles.value} data-testid="my-data-history">
            {count(summary?.history)}
          </dd>
          <dt>{t('myData.searches')}</dt>
          <dd>{t('myData.searchesWhere')}</dd>
          <dd className={styles.value} data-testid="my-data-searches">
            {count(summary?.searches)}
          </dd>
          <dt>{t('myData.cookieNotice')}</dt>
          <dd>{t('myData.cookieNoticeWhere')}</dd>
          <dd className={styles.value}>{flag(summary?.cookieNotice)}</dd>
          <dt>{t('myData.ageCookie')}</dt>
          <dd>{t('myData.ageCookieWhere')}</dd>
          <dd className={styles.value}>{flag(summary?.ageCookie)}</dd>
          <dt>{t('myData.countryCookie')}</dt>
          <dd>{t('myData.countryCookieWhere')}</dd>
          <dd className={styles.value}>{summary?.country ?? t('myData.notSet')}</dd>
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="my-data-export">
        <h2 id="my-data-export">{t('myData.export')}</h2>
        <p className={styles.help}>{t('myData.exportHelp')}</p>
        <button type="button" className={styles.primary} onClick={onExport} data-testid="my-data-export">
          {t('myData.export')}
        </button>
      </section>

      <section className={styles.section} aria-labelledby="my-data-import">
        <h2 id="my-data-import">{t('myData.import')}</h2>
        <p className={styles.help}>{t('myData.importHelp')}</p>
        <label className={`${styles.secondary} ${styles.fileLabel}`}>
          {t('myData.import')}
          <input
            className={styles.fileInput}
            type="file"
            accept="application/json,.json"
            onChange={onImport}
            data-testid="my-data-import"
          />
        </label>
      </section>

      <section className={styles.section} aria-labelledby="my-data-wipe">
        <h2 id="my-data-wipe">{t('myData.wipe')}</h2>
        <p className={styles.help}>{t('myData.wipeHelp')}</p>
        <button type="button" className={styles.danger} onClick={onWipe} data-testid="my-data-wipe">
          {t('myData.wipe')}
        </button>
      </section>
    </>
  );
}
