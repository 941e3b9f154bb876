/**
 * Which placeholder a link's page shows while it loads, in the browser. The table is the route
 * families' (./loading-page.ts derives it on the server and the root layout hands it to
 * PageSkeleton once per page): the families' own module, with every family's lifetime, sitemap
 * and proxy rules, stays out of every page's JavaScript.
 *
 * Client-safe: a type is all it takes from the families' module.
 */
import type { LoadingPage } from './route-families';

/**
 * A family's paths as one anchored regular expression's source, and its placeholder (0: none),
 * in the table's order: the first family whose pattern matches a path owns it.
 */
export type LoadingRoute = readonly [source: string, page: LoadingPage | 0];

/** The placeholder of `href`'s page under `routes`: a lookup compiled once. */
export function loadingMatcher(routes: readonly LoadingRoute[]): (href: string) => LoadingPage | null {
  const compiled = routes.map(([source, page]) => [new RegExp(source), page] as const);
  return (href) => {
    const path = new URL(href, 'http://x').pathname;
    return compiled.find(([re]) => re.test(path))?.[1] || null;
  };
}
