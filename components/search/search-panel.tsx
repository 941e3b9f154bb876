'use client';
import { LoadingLink } from '@/components/navigation/loading-link';
import { useState, type KeyboardEvent, type RefObject } from 'react';
import { t } from '@/lib/i18n/client';
import type { Orientation, Suggestions } from '@/lib/contract/types';
import { recentSearches } from '@/lib/client/search-history';
import { Highlight } from './highlight';
import { categoryUrl, searchUrl } from '@/lib/web/routes';
import styles from './search-box.module.css';

export interface SearchPanelProps {
  id: string;
  panelRef: RefObject<HTMLDivElement | null>;
  /** The trimmed typed text. */
  typed: string;
  /** true when more than 2 characters are typed: suggestions mode. */
  suggestMode: boolean;
  /** Suggestions for `typed`, or null while they load. */
  suggestions: Suggestions | null;
  topKeywords: string[];
  /**
   * The section the box is in: its terms search it and its categories open there. The terms
   * themselves (suggestions, top keywords, recent searches) are shared by every section.
   */
  o: Orientation;
  onPick: (term?: string) => void;
  onClose: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
}

/**
 * The panel attached to the search box: top keywords and recent searches, or suggestions. It is
 * mounted each time the box opens, and reads the recent searches then.
 */
export function SearchPanel(props: SearchPanelProps) {
  const { id, panelRef, typed, suggestMode, suggestions, topKeywords, o, onPick, onClose, onKeyDown } = props;
  const [recent] = useState(recentSearches);

  if (!suggestMode && recent.length === 0 && topKeywords.length === 0) return null;

  const termList = (heading: string, terms: string[], testId: string, highlight: boolean) =>
    terms.length > 0 && (
      <section className={styles.group} aria-label={heading} data-testid={testId}>
        <h2 className={styles.heading}>{heading}</h2>
        <ul className={styles.list}>
          {terms.map((term) => (
            <li key={term}>
              <LoadingLink href={searchUrl(term, 1, {}, o)} className={styles.option} data-option="" onClick={() => onPick(term)}>
                {highlight ? <Highlight text={term} typed={typed} /> : term}
              </LoadingLink>
            </li>
          ))}
        </ul>
      </section>
    );

  let body;
  if (!suggestMode) {
    body = (
      <>
        {termList(t('search.recent'), recent, 'search-recent', false)}
        {termList(t('search.topKeywords'), topKeywords, 'search-top', false)}
      </>
    );
  } else if (!suggestions) {
    body = <p className={styles.note}>{t('search.loading')}</p>;
  } else if (suggestions.keywords.length === 0 && suggestions.categories.length === 0) {
    body = <p className={styles.note}>{t('search.noSuggestions')}</p>;
  } else {
    body = (
      <>
        {termList(t('search.keywords'), suggestions.keywords.slice(0, 10), 'search-keywords', true)}
        {suggestions.categories.length > 0 && (
          <section className={styles.group} aria-label={t('search.categories')} data-testid="search-categories">
            <h2 className={styles.heading}>{t('search.categories')}</h2>
            <ul className={styles.list}>
              {suggestions.categories.slice(0, 6).map((c) => (
                <li key={c.dir}>
                  <LoadingLink href={categoryUrl(c.dir, 'latest-updates', 1, {}, o)} className={styles.option} data-option="" onClick={() => onPick()}>
                    <Highlight text={c.title} typed={typed} />
                  </LoadingLink>
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    );
  }

  return (
    <div id={id} ref={panelRef} className={styles.panel} onKeyDown={onKeyDown} data-testid="search-panel" aria-label={t('search.panel')} role="region">
      <button type="button" className={styles.close} onClick={onClose} aria-label={t('search.close')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {body}
    </div>
  );
}
