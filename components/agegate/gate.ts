/**
 * The age-gate decision (docs/spec.md §4), shared by the inline script (before first paint) and
 * the modal: gated when the country cookie names a configured country and _agev is not '1'.
 */
import { AGE_COOKIE, COUNTRY_COOKIE, COUNTRY_MAX_AGE } from '@/lib/web/cookies';
import { AGE_PASS_UNTIL_COOKIE, AGE_POLICY_COOKIE } from '@/lib/age/cookies';

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

/**
 * Gated: the policy cookie (or, without it, a configured country) says confirm and the visitor has
 * not confirmed, or says verify (block) and the visitor has no pass.
 */
export function isGated(cookies: string, countries: readonly string[], now = Date.now()): boolean {
  const policy = readCookie(cookies, AGE_POLICY_COOKIE);
  if (policy === 'verify' || policy === 'block') return !(Number(readCookie(cookies, AGE_PASS_UNTIL_COOKIE)) > now / 1000);
  if (policy === 'none') return false;
  const country = visitorCountry(cookies);
  const confirm = policy === 'confirm' || (country !== null && cleanCountries(countries).includes(country));
  return confirm && readCookie(cookies, AGE_COOKIE) !== '1';
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

/** On the body (with GATE_CLASS) in a verify region until the visitor has a pass: the dialog offers the check, not a click. */
export const VERIFY_CLASS = 'tf-ageverify';
/** Where the dialog's "verify" link goes (app/age/verify), with ?return= the page. */
export const VERIFY_PATH = '/age/verify/';
/**
 * What the inline script puts in <head> in a verify region before the pass: the browser then
 * requests no thumbnail, preview or player (a partner CDN's included, which the site cannot
 * refuse), not merely hides them. A meta policy cannot be taken back: the pass comes with a new
 * page load (the return route redirects back).
 */
export const NO_MEDIA_CSP = "img-src 'none'; media-src 'none'; frame-src 'none'";

/** Countries whose policy is not confirm (the list's are confirm): only codes and policy names reach the script. */
function otherPolicies(policies: Readonly<Record<string, string>>): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [c, p] of Object.entries(policies)) if (/^[A-Z]{2}$/.test(c) && /^(none|confirm|verify|block)$/.test(p)) map[c] = p;
  return map;
}

/**
 * The inline script: the same rule as isGated, in plain ES5 for the first child of <body>.
 * It only adds classes (and, in a verify region, the no-media policy); the HTML stays identical
 * for everybody. The visitor's policy is the policy cookie (the edge's, or /api/country/'s),
 * else the country cookie's country in the configured list. With either (a returning visitor,
 * or the edge's cookies on a first visit) it decides at once. Without them (a first visit
 * straight to the site or through a cache that does not set them) it asks COUNTRY_ENDPOINT and,
 * meanwhile, holds the page's content back (PENDING_CLASS) without showing the gate: a gated
 * visitor never sees the content, anybody else never sees the gate flash. The answer decides; a
 * failed or late question fails closed (the gate; the check where some region verifies).
 *
 * `policies`: countries whose policy is not confirm; `verify`: whether any region (a subdivision,
 * the unknown one) verifies or blocks, so that a visitor who confirmed is still asked.
 */
export function gateScript(countries: readonly string[], { policies = {}, verify = false }: { policies?: Readonly<Record<string, string>>; verify?: boolean } = {}): string {
  const list = JSON.stringify(cleanCountries(countries));
  const q = JSON.stringify;
  const strict = verify ? 'verify' : 'confirm';
  return (
    '(function(){try{' +
    'var c=document.cookie,b=document.body,w=window,g=function(n){var m=c.match(new RegExp("(?:^|;\\\\s*)"+n+"=([^;]*)"));return m?m[1]:null};' +
    `var L=${list},N=${q(otherPolicies(policies))},V=${verify ? 1 : 0},k=(g(${q(COUNTRY_COOKIE_NAME)})||"").toUpperCase(),P=g(${q(AGE_POLICY_COOKIE)}),R=/^(none|confirm|verify|block)$/,H=0;` +
    // The policy's classes; a verify (or block) visitor without a pass gets the no-media policy.
    'var a=function(p){if(p==="confirm"){' +
    `if(g(${q(AGE_COOKIE)})!=="1")b.classList.add(${q(GATE_CLASS)});return}` +
    `if(p!=="verify"&&p!=="block")return;if(+(g(${q(AGE_PASS_UNTIL_COOKIE)})||0)>Date.now()/1000)return;` +
    `b.classList.add(${q(GATE_CLASS)},${q(VERIFY_CLASS)});if(!H){H=1;var e=document.createElement("meta");e.httpEquiv="Content-Security-Policy";e.content=${q(NO_MEDIA_CSP)};document.head.appendChild(e)}};` +
    'var m=function(v){return N.hasOwnProperty(v)?N[v]:L.indexOf(v)>=0?"confirm":"none"};' +
    'if(!(P&&R.test(P))&&k)P=m(k);' +
    'if(P&&R.test(P)){a(P);return}' +
    `if(!V&&(g(${q(AGE_COOKIE)})==="1"||!L.length&&!Object.keys(N).length))return;` +
    // While it asks, nothing may be requested that a verify region forbids: the no-media policy
    // goes on at once and, for a visitor whose region turns out not to need it, the page reloads.
    `if(V)a("verify");b.classList.remove(${q(GATE_CLASS)},${q(VERIFY_CLASS)});` +
    `b.classList.add(${q(PENDING_CLASS)});w[${q(COUNTRY_STATE)}]="pending";` +
    'var o=0,d=function(p){if(o)return;o=1;' +
    `b.classList.remove(${q(PENDING_CLASS)});if(H&&p!=="verify"&&p!=="block"&&document.cookie.indexOf(${q(COUNTRY_COOKIE_NAME + '=')})>=0){w.location.reload();return}a(p);` +
    `w[${q(COUNTRY_STATE)}]="done";try{document.dispatchEvent(new Event(${q(COUNTRY_EVENT)}))}catch(e){}};` +
    `var x=new XMLHttpRequest();x.open("GET",${q(COUNTRY_ENDPOINT)});x.timeout=${COUNTRY_TIMEOUT_MS};` +
    `x.onload=function(){var f=${q(strict)};try{var r=JSON.parse(x.responseText),v=String(r&&r.country||"XX").toUpperCase(),p=String(r&&r.policy||"");` +
    'if(x.status===200&&/^[A-Z]{2}$/.test(v)){' +
    `document.cookie=${q(COUNTRY_COOKIE_NAME + '=')}+v+"; path=/; max-age=${COUNTRY_MAX_AGE}; samesite=lax";` +
    'f=R.test(p)?p:m(v)}}catch(e){}d(f)};' +
    `x.onerror=x.ontimeout=x.onabort=function(){d(${q(strict)})};x.send()` +
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
  `body.${GATE_CLASS}::before{content:"";position:fixed;inset:0;z-index:1190;background:rgb(8 9 12/.9)}` +
  // The dialog offers the check in a verify region, the click elsewhere.
  `[${GATE_LAYER_ATTR}] [data-agegate-verify]{display:none}body.${VERIFY_CLASS} [${GATE_LAYER_ATTR}] [data-agegate-verify]{display:block}` +
  `body.${VERIFY_CLASS} [${GATE_LAYER_ATTR}] [data-agegate-confirm]{display:none}`;
