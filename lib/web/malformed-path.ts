/**
 * Paths that Next's router cannot decode. Next decodes every dynamic segment with
 * decodeURIComponent; a broken escape (%ZZ, a lone %, %FF, an overlong %C0%AF) throws there, and in
 * an App-Router-only build the 400 it means to answer has no error page to render, so the visitor
 * gets a bare 500. proxy.ts catches these paths first (its matcher only lets '%'-bearing paths in).
 */

/** True when some percent-escape of the path is broken or does not spell UTF-8. */
export function isMalformedPath(pathname: string): boolean {
  if (!pathname.includes('%')) return false;
  try {
    // Equivalent to decoding segment by segment: no valid escape sequence spans a raw '/'.
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * The internal path the proxy rewrites a malformed page path to: it matches no route, so Next
 * renders the 404 page. Two segments: a single one would be taken for an orientation section's
 * home (app/[orientation]/), whose unknown values Next answers differently for flight requests.
 */
export const MALFORMED_PATH_TARGET = '/_malformed/path/';
