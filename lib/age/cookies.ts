/**
 * The age policy's cookies (client-safe). No page answer sets any of them: the policy cookie comes
 * with the country cookie (from the edge on delivery, or from /api/country/), the pass and its
 * marker only from the verification's return route (app/age/return).
 */
/** The visitor's policy (none, confirm, verify, block), read by the inline script before first paint. */
export const AGE_POLICY_COOKIE = 'tf_age';
/** The signed pass (HttpOnly): what the media routes check in a verify region. */
export const AGE_PASS_COOKIE = 'tf_age_pass';
/**
 * Until when (epoch seconds) the visitor has a pass, for the inline script, which cannot read the
 * HttpOnly pass. Unsigned on purpose: forging it only lifts the blur over media the server then refuses.
 */
export const AGE_PASS_UNTIL_COOKIE = 'tf_age_until';
/** The single-use nonce of a check under way (HttpOnly, minutes), with the page to return to. */
export const AGE_CHECK_COOKIE = 'tf_age_check';
