import { expect, test } from '@playwright/test';
import { BUDGETS, budgetBreaches } from '../../../scripts/lib/page-budgets.mjs';
import { measurePage } from '../../../scripts/lib/page-weight.mjs';

/**
 * The first-load JavaScript budget `npm run bench:pages` holds, on the build test:e2e made: a page
 * whose scripts grow past it fails here, in `npm test`. This build has no source maps, so our own
 * share, like the listing's HTML, is the bench's to check.
 */
test('home, a listing and a video page keep their first-load JavaScript budget', async ({ baseURL }) => {
  const base = baseURL ?? 'http://localhost:3000';
  // A returning visitor from a country without a gate, as the bench weighs pages.
  const headers = { cookie: 'tf_country=XX' };
  const latest = (await (await fetch(`${base}/api/json/videos2/86400/str/latest-updates/1/..1.all...json`)).json()) as { videos: { video_id: number; dir: string }[] };
  const v = latest.videos[0];
  if (!v) throw new Error('the catalogue has no video');
  const pages = { home: '/', listing: '/videos/latest-updates/2/', video: `/video/${v.video_id}/${v.dir}/` };
  for (const [name, path] of Object.entries(pages) as [keyof typeof pages, string][]) {
    const w = await measurePage(base, path, { headers });
    expect(w.status, path).toBe(200);
    // Every script the page names was weighed (a page without scripts would pass any budget).
    expect(w.scripts, path).toBeGreaterThan(3);
    const { firstLoadJsGzip } = BUDGETS[name];
    expect(firstLoadJsGzip, name).toBeDefined();
    expect(budgetBreaches(name, w, { firstLoadJsGzip }), `${path}: ${w.jsGzip} B of first-load JavaScript`).toEqual([]);
  }
});
