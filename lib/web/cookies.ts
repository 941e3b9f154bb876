/**
 * The site's cookie names, in one place (client-safe): the inline before-paint script, the age
 * gate, the 'my data' page and the country endpoint all read them from here. No page answer sets
 * a cookie (pages are the same bytes for everybody and shared caches store them, first visits
 * included): the country cookie comes from the edge on delivery (deploy/nginx/nginx.conf, with
 * the same name and lifetime) or from /api/country/, which the inline script asks.
 */
/** The visitor's country (two letters, XX unknown), set by the edge or /api/country/. */
export const COUNTRY_COOKIE = 'tf_country';
/** The country cookie's lifetime in seconds (the spec's default expiry: 1 day). */
export const COUNTRY_MAX_AGE = 86_400;
/** '1' once the visitor confirmed their age (docs/spec.md §9: never expires). */
export const AGE_COOKIE = '_agev';
