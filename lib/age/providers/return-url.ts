/**
 * The return URL of a check, as the providers carry it. It must be on the site's own origin; the
 * provider's answer brings back only its path (in `state`), and that path is resolved against the
 * origin again, so an answer cannot name another site as the one it was made for.
 */

import { AgeCheckError } from '../provider';

/** The return URL `begin` was given; a URL on another origin is the caller's mistake, not the visitor's. */
export function returnUrlOnSite(returnUrl: string, origin: string): URL {
  const url = new URL(returnUrl);
  if (url.origin !== origin) throw new Error(`The return URL ${returnUrl} is not on ${origin}.`);
  return url;
}

/** What `begin` puts in `state`: the return URL's path and query. */
export function returnState(url: URL): string {
  return url.pathname + url.search;
}

/** The return URL again, from the `state` the answer brought back. */
export function returnUrlFromState(state: string, origin: string): URL {
  const url = new URL(state, origin);
  if (url.origin !== origin) throw new AgeCheckError('wrong_audience', 'The answer names another site.');
  return url;
}
