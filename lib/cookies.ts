/**
 * The site's cookie names, in one place (client-safe): the inline before-paint script, the age
 * gate, the 'my data' page, the proxy and the country endpoint all read them from here. The
 * proxy's matcher must spell the country cookie as a literal (Next reads `config` statically);
 * tests/unit/site/proxy.test.ts checks that it is this one.
 */
/** The visitor's country (two letters, XX unknown), set by the proxy or /api/country/; 1 day. */
export const COUNTRY_COOKIE = 'tf_country';
/** '1' once the visitor confirmed their age (spec section 9: never expires). */
export const AGE_COOKIE = '_agev';
