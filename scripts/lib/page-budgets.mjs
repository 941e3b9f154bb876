/**
 * The page-weight budgets: `npm run bench:pages` fails a run over one, and test:e2e holds the
 * first-load one on the build it tests (tests/e2e/site/weight.spec.ts), so a regression fails CI
 * and not only the bench. Bytes (a KB is 1,000), JavaScript gzipped as a build without source maps
 * ships it. Own JavaScript is our code and the packages we chose: telling it from the framework's
 * takes the chunks' source maps, which only the bench's build has.
 */

/** @typedef {{ htmlBytes?: number; ownJsGzip?: number; firstLoadJsGzip?: number }} Budget */

/** @type {Record<'home' | 'listing' | 'video', Budget>} */
export const BUDGETS = {
  home: { firstLoadJsGzip: 152_000 },
  listing: { htmlBytes: 100_000, ownJsGzip: 15_000, firstLoadJsGzip: 152_000 },
  // The before-paint script is a cached file since it left the HTML (1.5 KB gzip of JavaScript for
  // the 2.5 to 3.5 KB gzip of HTML it took off every page); the video page was 0.3 KB under before.
  video: { ownJsGzip: 15_000, firstLoadJsGzip: 153_500 },
};

/**
 * What of `budget` the page's weight breaks, one line each (none: it holds). `own` is left out
 * when the weight has no split (a build without maps: all of it unattributed).
 * @param {string} page
 * @param {{ htmlBytes: number; jsGzip: number; mappedScripts: number; own: { gzip: number }; deps: { gzip: number }; unattributed: { gzip: number } }} w a measurePage result
 * @param {Budget} budget
 * @returns {string[]}
 */
export function budgetBreaches(page, w, budget) {
  const out = [];
  if (budget.htmlBytes && w.htmlBytes > budget.htmlBytes) out.push(`${page}: HTML ${w.htmlBytes} B > ${budget.htmlBytes}`);
  if (budget.firstLoadJsGzip && w.jsGzip > budget.firstLoadJsGzip) out.push(`${page}: first-load JS ${w.jsGzip} B gzip > ${budget.firstLoadJsGzip}`);
  const own = w.own.gzip + w.deps.gzip + w.unattributed.gzip;
  if (budget.ownJsGzip && w.mappedScripts > 0 && own > budget.ownJsGzip) out.push(`${page}: own JS ${own} B gzip > ${budget.ownJsGzip}`);
  return out;
}
