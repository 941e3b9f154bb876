/**
 * The age-gate decision (docs/spec.md §4), shared by the inline script (before first paint) and
 * the modal: gated when the country cookie names a configured country and _agev is not '1'.
 */
import { AGE_COOKIE, COUNTRY_COOKIE, COUNTRY_MAX_AGE } from '@/lib/web/cookies';

export const GATE_CLASS = 'tf-agegate';
export { AGE_COOKIE };
/** The country cookie's name (lib/web/cookies.ts), under the name the gate's callers use. */
export const COUNTRY_COOKIE_NAME = COUNTRY_COOKIE;
export const MINIMUM_AGE = 18;
/** The attribute that keeps the modal's layer out of the blur and the inert page. */
export const GATE_LAYER_ATTR = 'data-agegate';
/** On each of the dialog's texts: its key under 'agegate.' (switched to the visitor's language). */
export const GATE_TEXT_ATTR = 'data-agegate-text';
/** Where 'Leave' goes. */
export const LEAVE_URL = 'https://www.google.com/';

/** Only two-letter codes pass: the list is written into an inline script. */
export function cleanCountries(countries: readonly string[]): string[] {
  return [...new Set(countries.map((c) => String(c).trim().toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c)))];
}

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

export function visitorCountry(cookies: string): string | null {
  const c = readCookie(cookies, COUNTRY_COOKIE_NAME)?.toUpperCase() ?? null;
  return c && /^[A-Z]{2}$/.test(c) ? c : null;
}

export function isGated(cookies: string, countries: readonly string[]): boolean {
  const country = visitorCountry(cookies);
  return country !== null && cleanCountries(countries).includes(country) && readCookie(cookies, AGE_COOKIE) !== '1';
}

/** The gate's language: de, fr, ru for those countries' visitors, English otherwise. */
export function gateLanguage(country: string | null): 'en' | 'de' | 'fr' | 'ru' {
  switch (country) {
    case 'DE':
      return 'de';
    case 'FR':
      return 'fr';
    case 'RU':
      return 'ru';
    default:
      return 'en';
  }
}

/** The small uncached endpoint that tells a visitor without the country cookie their country. */
export const COUNTRY_ENDPOINT = '/api/country/';
/** window[COUNTRY_STATE]: 'pending' while the inline script asks COUNTRY_ENDPOINT, then 'done'. */
export const COUNTRY_STATE = '__tfCountry';
/** Dispatched on document once the country is known (or the question failed). */
export const COUNTRY_EVENT = 'tf:country';
export { COUNTRY_MAX_AGE };

/** True while the inline script is still asking the server for the country. */
export function countryPending(): boolean {
  return (window as unknown as Record<string, unknown>)[COUNTRY_STATE] === 'pending';
}

/** On the body while the inline script asks COUNTRY_ENDPOINT: the page's content is not shown yet. */
export const PENDING_CLASS = 'tf-agegate-pending';
/** How long the inline script waits for COUNTRY_ENDPOINT before it fails closed (the gate). */
export const COUNTRY_TIMEOUT_MS = 10_000;

/**
 * The inline script: the same rule as isGated, in plain ES5 for the first child of <body>.
 * It only adds a class; the HTML stays identical for everybody. With the country cookie (a
 * returning visitor, or the edge's cookie on a first visit) it decides at once. Without it (a
 * first visit straight to the site or through a cache that does not set it) it asks
 * COUNTRY_ENDPOINT and, meanwhile, holds the page's content back (PENDING_CLASS) without showing
 * the gate: a gated visitor never sees the content, anybody else never sees the gate flash. The
 * answer decides; a failed or late question fails closed (the gate).
 */
export function gateScript(countries: readonly string[]): string {
  const list = JSON.stringify(cleanCountries(countries));
  const q = JSON.stringify;
  return (
    '(function(){try{' +
    'var c=document.cookie,b=document.body,w=window,g=function(n){var m=c.match(new RegExp("(?:^|;\\\\s*)"+n+"=([^;]*)"));return m?m[1]:null};' +
    `var L=${list},k=(g(${q(COUNTRY_COOKIE_NAME)})||"").toUpperCase();` +
    `if(g(${q(AGE_COOKIE)})==="1"||!L.length)return;` +
    `if(k){if(L.indexOf(k)>=0)b.classList.add(${q(GATE_CLASS)});return}` +
    `b.classList.add(${q(PENDING_CLASS)});w[${q(COUNTRY_STATE)}]="pending";` +
    'var o=0,d=function(f){if(o)return;o=1;' +
    `if(f)b.classList.add(${q(GATE_CLASS)});b.classList.remove(${q(PENDING_CLASS)});` +
    `w[${q(COUNTRY_STATE)}]="done";try{document.dispatchEvent(new Event(${q(COUNTRY_EVENT)}))}catch(e){}};` +
    `var x=new XMLHttpRequest();x.open("GET",${q(COUNTRY_ENDPOINT)});x.timeout=${COUNTRY_TIMEOUT_MS};` +
    'x.onload=function(){var f=1;try{var r=JSON.parse(x.responseText),v=String(r&&r.country||"XX").toUpperCase();' +
    'if(x.status===200&&/^[A-Z]{2}$/.test(v)){' +
    `document.cookie=${q(COUNTRY_COOKIE_NAME + '=')}+v+"; path=/; max-age=${COUNTRY_MAX_AGE}; samesite=lax";` +
    'f=L.indexOf(v)>=0}}catch(e){}d(f)};' +
    'x.onerror=x.ontimeout=x.onabort=function(){d(1)};x.send()' +
    '}catch(e){}})();'
  );
}

/**
 * Styles for the gate class, inlined next to the script so they apply before any stylesheet
 * of the page is needed: the page is blurred and covered, the modal's layer (in every page's
 * HTML, hidden otherwise) shows and stays sharp. While the country is asked, the content is
 * laid out but not shown (nor focusable or clickable).
 */
export const GATE_CSS =
  `body.${PENDING_CLASS}>:not([${GATE_LAYER_ATTR}]):not(script):not(style){visibility:hidden}` +
  `[${GATE_LAYER_ATTR}]{display:none}body.${GATE_CLASS} [${GATE_LAYER_ATTR}]{display:block}` +
  `body.${GATE_CLASS}{overflow:hidden}` +
  `body.${GATE_CLASS}>:not([${GATE_LAYER_ATTR}]):not(script):not(style){filter:blur(24px);pointer-events:none;user-select:none}` +
  `body.${GATE_CLASS}::before{content:"";position:fixed;inset:0;z-index:1190;background:rgb(8 9 12/.9)}`;
