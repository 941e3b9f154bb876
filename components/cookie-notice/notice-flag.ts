/**
 * The cookie notice's flag, shared by the inline script (before first paint), the notice and the
 * "My data" page. A plain module: server components import the values, not a client reference.
 */

/** localStorage flag (docs/spec.md §3); 'false' once the visitor pressed Accept. */
export const COOKIE_NOTICE_KEY = 'showCookiesNotify';

/** Set on <body> before first paint when the notice was accepted: the server-rendered notice stays hidden. */
export const COOKIE_NOTICE_ACCEPTED_CLASS = 'tf-cookies-ok';

/** True when the stored flag says the visitor accepted. */
export function noticeAccepted(value: string | null): boolean {
  return value === 'false' || value === '0';
}

/**
 * The inline script's part, plain ES5: the notice is in the server HTML (the same for everybody,
 * so pages stay cacheable and it paints with the page); this hides it for visitors who accepted.
 */
export const cookieNoticeScript =
  'try{var v=localStorage.getItem(' +
  JSON.stringify(COOKIE_NOTICE_KEY) +
  ');if(v==="false"||v==="0")document.body.classList.add(' +
  JSON.stringify(COOKIE_NOTICE_ACCEPTED_CLASS) +
  ')}catch(e){}';
