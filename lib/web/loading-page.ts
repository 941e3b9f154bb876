/**
 * Which placeholder a link's page shows while it loads, from the route families' table: the
 * family that owns the link's path, and its `loading`. Runs in the browser on every navigation:
 * the patterns are compiled once.
 */
import { ROUTE_FAMILIES, type LoadingPage, type RouteFamily } from './route-families';
import { patternRegExpSource } from './route-pattern';

export type { LoadingPage };

/** The family that owns `path` (the first whose pattern matches it), as a lookup over `families`. */
export function familyFinder(families: readonly RouteFamily[]): (path: string) => RouteFamily | null {
  const compiled = families.flatMap((f) => f.paths.map((p) => ({ re: new RegExp(patternRegExpSource(p)), family: f })));
  return (path) => compiled.find((c) => c.re.test(path))?.family ?? null;
}

const familyOf = familyFinder(ROUTE_FAMILIES);

/** What kind of page `href` is, for its placeholder: home, a listing (videos, a category, search), the category index; null for the rest. */
export function loadingPageOf(href: string): LoadingPage | null {
  return familyOf(new URL(href, 'http://x').pathname)?.loading ?? null;
}
