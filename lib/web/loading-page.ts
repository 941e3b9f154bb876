/**
 * The loading placeholders' table, from the route families' table: each family's paths and its
 * `loading`, up to the last family that has one (a family before it may own a path a later one's
 * pattern matches too). The browser gets it as data (./loading-routes.ts), not the families' module.
 */
import { ROUTE_FAMILIES, type LoadingPage, type RouteFamily } from './route-families';
import { loadingMatcher, type LoadingRoute } from './loading-routes';
import { patternRegExpSource } from './route-pattern';

export type { LoadingPage, LoadingRoute };

/** The family that owns `path` (the first whose pattern matches it), as a lookup over `families`. */
export function familyFinder(families: readonly RouteFamily[]): (path: string) => RouteFamily | null {
  const compiled = families.flatMap((f) => f.paths.map((p) => ({ re: new RegExp(patternRegExpSource(p)), family: f })));
  return (path) => compiled.find((c) => c.re.test(path))?.family ?? null;
}

/** The placeholders' table of `families` (PageSkeleton's `routes`). */
export function loadingRoutes(families: readonly RouteFamily[] = ROUTE_FAMILIES): LoadingRoute[] {
  const last = families.findLastIndex((f) => f.loading);
  return families.slice(0, last + 1).map((f) => {
    const sources = f.paths.map((p) => patternRegExpSource(p).slice(1, -1));
    return [sources.length === 1 ? `^${sources[0]}$` : `^(?:${sources.join('|')})$`, f.loading ?? 0];
  });
}

/** What kind of page `href` is, for its placeholder: home, a listing (videos, a category, search), the category index; null for the rest. */
export const loadingPageOf = loadingMatcher(loadingRoutes());
