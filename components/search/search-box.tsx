'use client';
import { usePathname, useRouter } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { startPendingPage } from '@/components/navigation/pending-page';
import { t } from '@/lib/i18n/client';
import { LIMITS } from '@/lib/contract/constants';
import { parseTerm } from '@/lib/web/params';
import { searchUrl, sectionPrefix, splitSection } from '@/lib/web/routes';
import type { Suggestions } from '@/lib/contract/types';
import { loadTopKeywords } from './top-keywords';
import styles from './search-box.module.css';

// The panel is not part of the first view: it loads when the visitor comes to the box (pointer or
// focus), so it is there by the time it opens, and stays out of every page's first-load JavaScript.
const loadPanel = () => import('./search-panel');
const SearchPanel = lazy(() => loadPanel().then((m) => ({ default: m.SearchPanel })));

/** docs/spec.md §5. */
export const SEARCH_MAX_LENGTH = LIMITS.maxTerm;
export const SUGGEST_MIN_LENGTH = 3;
export const SUGGEST_DELAY_MS = 300;

const length = (s: string) => [...s].length;

/** Moves focus among the panel's options; wraps around at both ends. */
function moveFocus(panel: HTMLElement | null, step: 1 | -1, from: Element | null): void {
  if (!panel) return;
  const options = Array.from(panel.querySelectorAll<HTMLElement>('[data-option]'));
  if (options.length === 0) return;
  const at = from ? options.indexOf(from as HTMLElement) : -1;
  const next = at < 0 ? (step === 1 ? 0 : options.length - 1) : (at + step + options.length) % options.length;
  options[next]?.focus();
}

/** The header's search box with its suggestion panel (docs/spec.md §2, §4 and §5). */
export function SearchBox() {
  const router = useRouter();
  const pathname = usePathname();
  const panelId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ term: string; data: Suggestions } | null>(null);
  const [topKeywords, setTopKeywords] = useState<string[]>([]);

  const typed = value.trim();
  const suggestMode = length(typed) >= SUGGEST_MIN_LENGTH;

  // Every navigation closes the panel (docs/spec.md §2).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    let live = true;
    void loadTopKeywords().then((k) => live && setTopKeywords(k));
    return () => {
      live = false;
    };
  }, []);

  // Suggestions after a 300 ms pause, only for more than 2 characters; a newer keystroke cancels.
  useEffect(() => {
    if (!suggestMode) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // The API client loads with the first suggestion asked for (top-keywords.ts loads it at start).
      import('@/lib/client/api')
        .then((api) => api.fetchSuggestions(typed, controller.signal))
        .then((data) => setResult({ term: typed, data }))
        .catch(() => {
          if (!controller.signal.aborted) setResult({ term: typed, data: { keywords: [], categories: [] } });
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, suggestMode]);

  // An outside click closes the panel.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent | MouseEvent) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openPanel = useCallback(() => setOpen(true), []);

  const close = useCallback(() => setOpen(false), []);

  // The box searches the section of the page it is on: the path says which, on the server as in
  // the browser, so a URL's HTML is the same for every visitor and the form works without JavaScript.
  const { o } = splitSection(pathname);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const term = parseTerm(value);
    if (!term) return; // ignored unless 3..69 characters
    setOpen(false);
    inputRef.current?.blur();
    const href = searchUrl(term, 1, {}, o);
    startPendingPage(href);
    router.push(href);
  };

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) openPanel();
      moveFocus(panelRef.current, e.key === 'ArrowDown' ? 1 : -1, null);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const onPanelKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      moveFocus(panelRef.current, e.key === 'ArrowDown' ? 1 : -1, document.activeElement);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      inputRef.current?.focus();
    }
  };

  const onPick = (term?: string) => {
    if (term) setValue(term);
    setOpen(false);
  };

  const suggestions = result && result.term === typed ? result.data : null;

  return (
    <form
      ref={rootRef}
      role="search"
      action={`${sectionPrefix(o)}/search/1/`}
      method="get"
      className={styles.box}
      onSubmit={onSubmit}
      onPointerEnter={() => void loadPanel()}
      data-open={open || undefined}
    >
      <input
        ref={inputRef}
        className={styles.input}
        type="search"
        name="s"
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        aria-controls={open ? panelId : undefined}
        onFocus={openPanel}
        onClick={openPanel}
        onChange={(e) => {
          setValue(e.target.value);
          if (length(e.target.value.trim()) >= SUGGEST_MIN_LENGTH) setOpen(true);
        }}
        onKeyDown={onInputKeyDown}
      />
      <button type="submit" className={styles.submit} aria-label={t('search.submit')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchPanel
            id={panelId}
            panelRef={panelRef}
            typed={typed}
            suggestMode={suggestMode}
            suggestions={suggestions}
            topKeywords={topKeywords}
            o={o}
            onPick={onPick}
            onClose={close}
            onKeyDown={onPanelKeyDown}
          />
        </Suspense>
      )}
    </form>
  );
}
