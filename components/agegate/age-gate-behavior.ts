/**
 * The age gate's behaviour, loaded (import()) only for a gated visitor: it makes the page inert,
 * keeps focus in the dialog, ignores Escape, switches the texts to the visitor's language and,
 * on confirm, sets _agev and closes. The dialog itself is server HTML (AgeGateDialog).
 */
import { loadMessages, translate } from '@/lib/i18n';
import { AGE_COOKIE, GATE_CLASS, GATE_LAYER_ATTR, GATE_TEXT_ATTR, MINIMUM_AGE, VERIFY_CLASS, VERIFY_PATH, gateLanguage, visitorCountry } from './gate';

/** _agev never expires (docs/spec.md §9); browsers cap this at their own maximum. */
const FOREVER = new Date('9999-12-31T23:59:59Z');

/** Makes everything outside the modal inert while it is open; returns the undo function. */
function inertOutside(layer: Element): () => void {
  const touched: Element[] = [];
  for (const el of Array.from(document.body.children)) {
    if (el === layer || el.hasAttribute(GATE_LAYER_ATTR) || el.hasAttribute('inert')) continue;
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') continue;
    el.setAttribute('inert', '');
    touched.push(el);
  }
  return () => touched.forEach((el) => el.removeAttribute('inert'));
}

/** Keeps Tab inside the dialog; Escape does nothing on purpose. */
function onKeyDown(e: KeyboardEvent): void {
  if (e.key === 'Escape') {
    e.preventDefault();
    return;
  }
  if (e.key !== 'Tab' || !(e.currentTarget instanceof HTMLElement)) return;
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
}

/** Opens the gate (the body's gate class is already on); returns a function that detaches it. */
export function openGate(): () => void {
  const layer = document.querySelector(`[${GATE_LAYER_ATTR}]`);
  const dialog = layer?.querySelector<HTMLElement>('[role="dialog"]');
  const confirmButton = dialog?.querySelector<HTMLButtonElement>(`button[${GATE_TEXT_ATTR}]`);
  if (!layer || !dialog || !confirmButton) return () => undefined;
  let live = true;
  dialog.dataset.testid = 'agegate';
  const undoInert = inertOutside(layer);
  dialog.addEventListener('keydown', onKeyDown);
  const detach = () => {
    live = false;
    undoInert();
    dialog.removeEventListener('keydown', onKeyDown);
    confirmButton.removeEventListener('click', confirm);
    delete dialog.dataset.testid;
  };
  function confirm() {
    document.cookie = `${AGE_COOKIE}=1; expires=${FOREVER.toUTCString()}; path=/; samesite=lax`;
    document.body.classList.remove(GATE_CLASS);
    detach();
  }
  const verifyLink = dialog.querySelector<HTMLAnchorElement>('a[data-agegate-verify]');
  if (document.body.classList.contains(VERIFY_CLASS) && verifyLink) {
    // No click lifts this gate: only the pass, which comes back with a new page load.
    verifyLink.href = `${VERIFY_PATH}?return=${encodeURIComponent(location.pathname + location.search)}`;
    verifyLink.focus();
  } else {
    confirmButton.addEventListener('click', confirm);
    confirmButton.focus();
  }

  const lang = gateLanguage(visitorCountry(document.cookie));
  if (lang !== 'en') {
    loadMessages(lang)
      .then((messages) => {
        if (!live) return;
        dialog.querySelectorAll<HTMLElement>(`[${GATE_TEXT_ATTR}]`).forEach((el) => {
          el.textContent = translate(messages, `agegate.${el.getAttribute(GATE_TEXT_ATTR)}`, { age: MINIMUM_AGE });
        });
        dialog.lang = lang;
      })
      .catch(() => undefined); // stays in English
  }
  return detach;
}
