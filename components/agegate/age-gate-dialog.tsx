'use client';
import Link from 'next/link';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { loadMessages, translate, type Lang, type Messages } from '@/lib/i18n';
import en from '@/locales/en';
import {
  AGE_COOKIE,
  COUNTRY_EVENT,
  GATE_CLASS,
  GATE_LAYER_ATTR,
  MINIMUM_AGE,
  countryPending,
  gateLanguage,
  isGated,
  visitorCountry,
} from './gate';
import styles from './age-gate.module.css';

/** Where 'Leave' goes. */
export const LEAVE_URL = 'https://www.google.com/';
/** _agev never expires (spec section 9); browsers cap this at their own maximum. */
const FOREVER = new Date('9999-12-31T23:59:59Z');

/** Makes everything outside the modal inert while it is open; returns the undo function. */
function inertOutside(layer: HTMLElement): () => void {
  const touched: Element[] = [];
  for (const el of Array.from(document.body.children)) {
    if (el === layer || el.hasAttribute(GATE_LAYER_ATTR) || el.hasAttribute('inert')) continue;
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') continue;
    el.setAttribute('inert', '');
    touched.push(el);
  }
  return () => touched.forEach((el) => el.removeAttribute('inert'));
}

/**
 * The blocking age confirmation (spec section 4). It cannot be closed by an outside click or
 * Escape, and it stays open across navigations (it lives in the root layout).
 *
 * The dialog is in the server HTML of every page (in English, hidden): the body's gate class, set
 * by the inline script before first paint or as soon as /api/country/ answers for a page from a
 * shared cache, shows it at once through CSS (GATE_CSS), without waiting for React. Once hydrated,
 * this component decides from the same cookies, switches to the visitor's language, traps focus
 * and makes the page inert.
 */
export function AgeGate({ countries }: { countries: string[] }) {
  const [messages, setMessages] = useState<Messages>(en as Messages);
  const [lang, setLang] = useState<Lang>('en');
  const [open, setOpen] = useState(false);
  const layerRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // Decide once, on mount, from the same cookies the inline script read; when the inline script is
  // still asking the server for the country (a page from a shared cache), once it has the answer.
  useEffect(() => {
    let live = true;
    const decide = () => {
      const gated = isGated(document.cookie, countries) || document.body.classList.contains(GATE_CLASS);
      if (!gated || !live) return;
      document.body.classList.add(GATE_CLASS);
      setOpen(true);
      const visitorLang = gateLanguage(visitorCountry(document.cookie));
      loadMessages(visitorLang)
        .then((m) => {
          if (!live) return;
          setMessages(m);
          setLang(visitorLang);
        })
        .catch(() => undefined); // stays in English
    };
    if (countryPending()) document.addEventListener(COUNTRY_EVENT, decide, { once: true });
    else decide();
    return () => {
      live = false;
      document.removeEventListener(COUNTRY_EVENT, decide);
    };
  }, [countries]);

  useEffect(() => {
    const layer = layerRef.current;
    if (!open || !layer) return;
    const undo = inertOutside(layer);
    confirmRef.current?.focus();
    return undo;
  }, [open]);

  const tr = (key: string) => translate(messages, `agegate.${key}`, { age: MINIMUM_AGE });

  const confirm = () => {
    // Written directly: a cookie library would add ~4 KB (gzip) to every page's shared JavaScript.
    document.cookie = `${AGE_COOKIE}=1; expires=${FOREVER.toUTCString()}; path=/; samesite=lax`;
    document.body.classList.remove(GATE_CLASS);
    setOpen(false);
  };

  // Keeps Tab inside the dialog; Escape does nothing on purpose.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('button, a[href]'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div ref={layerRef} {...{ [GATE_LAYER_ATTR]: '' }}>
      <div className={styles.backdrop}>
        <div
          className={styles.dialog}
          role="dialog"
          aria-modal="true"
          aria-labelledby="agegate-title"
          aria-describedby="agegate-text"
          lang={lang}
          onKeyDown={onKeyDown}
          data-testid={open ? 'agegate' : undefined}
        >
          <p className={styles.badge} aria-hidden="true">
            {MINIMUM_AGE}+
          </p>
          <h2 id="agegate-title" className={styles.title}>
            {tr('title')}
          </h2>
          <p id="agegate-text" className={styles.text}>
            {tr('text')}
          </p>
          <p className={styles.minAge}>{tr('minAge')}</p>
          <div className={styles.actions}>
            <button ref={confirmRef} type="button" className={styles.confirm} onClick={confirm} data-testid="agegate-confirm">
              {tr('confirm')}
            </button>
            <a href={LEAVE_URL} className={styles.leave} rel="noreferrer" data-testid="agegate-leave">
              {tr('leave')}
            </a>
          </div>
          <p className={styles.note}>
            <Link href="/information/support/" prefetch={false}>
              {tr('parental')}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
