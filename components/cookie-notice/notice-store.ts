/**
 * The cookie notice's state in this browser, shared by the notice and by analytics that wait for
 * its acceptance (ANALYTICS_AFTER_CONSENT). Browser-only: every function touches window.
 */
import { COOKIE_NOTICE_KEY, noticeAccepted } from './notice-flag';

const listeners = new Set<() => void>();
/** Accept was pressed in this page view (the notice hides at once, whatever storage did). */
let hiddenThisView = false;
/** Accept was pressed but storage refused the flag: consent holds until the page is reloaded. */
let acceptedWithoutStorage = false;

function storedAcceptance(): boolean | null {
  try {
    return noticeAccepted(window.localStorage.getItem(COOKIE_NOTICE_KEY));
  } catch {
    return null;
  }
}

export function subscribeNotice(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === COOKIE_NOTICE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the notice is to be shown: not accepted (or storage off) and not dismissed in this view. */
export function noticeShown(): boolean {
  return !hiddenThisView && storedAcceptance() !== true;
}

/**
 * Whether the visitor accepted the notice: the stored flag, read anew each time (a visitor who
 * wiped their data on "My data" has withdrawn it from the next page on).
 */
export function noticeConsent(): boolean {
  return storedAcceptance() === true || acceptedWithoutStorage;
}

export function acceptNotice(): void {
  try {
    window.localStorage.setItem(COOKIE_NOTICE_KEY, 'false');
  } catch {
    // storage off: the notice hides, and consent holds, for this page view only
    acceptedWithoutStorage = true;
  }
  hiddenThisView = true;
  for (const l of listeners) l();
}
