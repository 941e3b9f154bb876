import { expect, test } from '@playwright/test';
import { API_TIMEOUT_MS, FAILURE_MEMORY_MS, RETURNING, SITE, catalogue, get, one, upstream } from './helpers';

/**
 * The upstream source down (a real second server, stopped by the runner's control server):
 * pages rendered before keep being served, a page never rendered answers 503 with its outage
 * message (readable without JavaScript) within API_TIMEOUT_MS + 1 s, and nothing of the outage
 * stays in the cache once the upstream is back.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let rendered: string[] = [];
let never: { path: string; text: RegExp }[] = [];

test.beforeAll(async () => {
  const { videos, category } = await catalogue();
  const [a, b] = [videos[2]!, videos[3]!];
  rendered = ['/', '/videos/longest/2/', `/video/${a.id}/${a.dir}/`, `/categories/${category}/top-rated/1/`, '/categories/'];
  const listing = /There is no data in this list\./;
  const generic = /This page could not be loaded right now/;
  never = [
    { path: '/videos/longest/6/', text: listing },
    { path: `/categories/${category}/longest/2/`, text: listing },
    { path: `/video/${b.id}/${b.dir}/`, text: generic },
    { path: '/search/1/?s=nothing-cached-here', text: listing },
  ];
  for (const path of rendered) {
    const a = await get(`${SITE}${path}`, RETURNING);
    console.log(`outage: before ${path} ${a.status} in ${a.ms.toFixed(0)} ms`);
    expect(a.status, path).toBe(200);
  }
});

test.afterAll(async () => {
  // Leave the upstream running for whatever runs next, even after a failure.
  if (!(await fetch(`${process.env.SITE_URL}/api/json/categories/14400/str.toptn.en.json`).then((r) => r.ok, () => false))) {
    await upstream('start').catch(() => undefined);
  }
});

test('with the upstream down, cached pages are served and new pages answer 503 with the outage message', async ({ browser }) => {
  await upstream('stop');
  console.log('outage: upstream stopped');

  for (const path of rendered) {
    const a = await get(`${SITE}${path}`, RETURNING);
    console.log(`outage: rendered before ${path} ${a.status} in ${a.ms.toFixed(0)} ms`);
    expect(a.status, path).toBe(200);
  }

  const statuses: string[] = [];
  for (const { path, text } of never) {
    const a = await get(`${SITE}${path}`, RETURNING);
    statuses.push(`${path} ${a.status} in ${a.ms.toFixed(0)} ms`);
    expect(a.status, path).toBe(503);
    expect(a.ms, path).toBeLessThan(API_TIMEOUT_MS + 1000);
    expect(one(a, 'retry-after'), path).toMatch(/^\d+$/);
    expect(one(a, 'cache-control'), path).toBe('no-store');
    expect(a.body, path).toMatch(text);
  }
  console.log(`outage: ${statuses.join('; ')}`);

  // Readable by a visitor with JavaScript off.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, text } of never) {
    const response = await page.goto(`${SITE}${path}`);
    expect(response!.status()).toBe(503);
    await expect(page.locator('main')).toContainText(text);
  }
  await context.close();
});

test('once the upstream is back, the next request renders the real page', async () => {
  await upstream('start');
  // The site remembers the last failure for FAILURE_MEMORY_MS (one page asks a failing upstream
  // once, not once per read): a request sooner than that, on a fast machine, still sees it.
  await new Promise((r) => setTimeout(r, FAILURE_MEMORY_MS + 250));
  for (const { path } of never) {
    const a = await get(`${SITE}${path}`, RETURNING);
    expect(a.status, path).toBe(200);
    expect(a.body, path).not.toMatch(/This page could not be loaded right now/);
    expect(one(a, 'cache-control'), path).not.toBe('no-store');
  }
  // The listings show videos again.
  const listing = await get(`${SITE}${never[0]!.path}`, RETURNING);
  expect(listing.body).toMatch(/href="\/video\/\d+\//);
});
