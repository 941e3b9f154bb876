/**
 * The age-gate decision (spec section 4), shared by the inline script (before first paint) and
 * the modal: gated when the country cookie names a configured country and _agev is not '1'.
 */
export const GATE_CLASS = 'tf-agegate';
export const AGE_COOKIE = '_agev';
/** Same value as COUNTRY_COOKIE in lib/geo/country.ts (kept apart: that module is server code). */
export const COUNTRY_COOKIE_NAME = 'tf_country';
export const MINIMUM_AGE = 18;
/** The attribute that keeps the modal's layer out of the blur and the inert page. */
export const GATE_LAYER_ATTR = 'data-agegate';

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

/**
 * The inline script: the same rule as isGated, in plain ES5 for the first child of <body>.
 * It only adds a class; the HTML stays identical for everybody.
 */
export function gateScript(countries: readonly string[]): string {
  const list = JSON.stringify(cleanCountries(countries));
  return (
    '(function(){try{' +
    'var c=document.cookie,g=function(n){var m=c.match(new RegExp("(?:^|;\\\\s*)"+n+"=([^;]*)"));return m?m[1]:null};' +
    `var k=(g(${JSON.stringify(COUNTRY_COOKIE_NAME)})||"").toUpperCase();` +
    `if(${list}.indexOf(k)>=0&&g(${JSON.stringify(AGE_COOKIE)})!=="1")document.body.classList.add(${JSON.stringify(GATE_CLASS)})` +
    '}catch(e){}})();'
  );
}

/**
 * Styles for the gate class, inlined next to the script so they apply before any stylesheet
 * of the page is needed: the page is blurred and covered, the modal's layer stays sharp.
 */
export const GATE_CSS =
  `body.${GATE_CLASS}{overflow:hidden}` +
  `body.${GATE_CLASS}>:not([${GATE_LAYER_ATTR}]):not(script):not(style){filter:blur(24px);pointer-events:none;user-select:none}` +
  `body.${GATE_CLASS}::before{content:"";position:fixed;inset:0;z-index:1190;background:rgb(8 9 12/.9)}`;
