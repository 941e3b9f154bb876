import { expect, test, type Browser } from '@playwright/test';
import { firstVideoHref } from './helpers';

/** A visitor (or crawler) without JavaScript: only the server HTML counts. */
async function noScript(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  return { context, page: await context.newPage() };
}

test('with JavaScript off, related videos lead past the first 10 through a real link', async ({ browser, baseURL }) => {
  const { context, page } = await noScript(browser, baseURL);
  await page.goto('/videos/latest-updates/1/');
  await page.goto(await firstVideoHref(page));
  const title = (await page.locator('main h1').first().innerText()).trim();
  const more = page.getByTestId('related-show-more');
  await expect(more).toHaveText('Show more related');
  await expect(more).not.toHaveAttribute('disabled', /.*/);
  const href = await more.getAttribute('href');
  expect(new URL(href!, 'http://x').searchParams.get('s')).toBe([...title].slice(0, 69).join('').trim());
  await more.click();
  await expect(page).toHaveURL(/\/search\/1\/\?s=/);
  await expect(page.locator('main article').first()).toBeVisible();
  await context.close();
});

test('the server-rendered search form asks for nothing the spec does not: no validation bubble', async ({ browser, baseURL }) => {
  const { context, page } = await noScript(browser, baseURL);
  await page.goto('/');
  const input = page.locator('header form[role="search"] input[name="s"]');
  await expect(input).toHaveAttribute('maxlength', '69');
  await expect(input).not.toHaveAttribute('required', /.*/);
  await expect(input).not.toHaveAttribute('minlength', /.*/);
  await input.fill('ab');
  await input.press('Enter');
  // The form submits (the browser did not block it with its own message); the page answers calmly.
  await expect(page).toHaveURL(/\/search\/1\/\?s=ab$/);
  await expect(page.locator('main [role="status"]')).toBeVisible();
  await context.close();
});

test('search pages are crawlable and kept out of the index by their robots meta alone', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)/gim)].map((m) => m[1]);
  expect(disallowed.length).toBeGreaterThan(0);
  expect(disallowed.some((d) => '/search/1/'.startsWith(d!))).toBe(false);
  const html = await (await request.get('/search/1/?s=walk')).text();
  expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
});

test('prerendered and on-demand pages carry one and the same origin', async ({ request }) => {
  const origins = new Set<string>();
  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  // Home and the information pages are prerendered at build; a video page and a deep listing page
  // are rendered on demand by the running server.
  const home = await (await request.get('/')).text();
  const videoHref = /href="(\/video\/\d+\/[^"]+\/)"/.exec(home)?.[1];
  expect(videoHref).toBeTruthy();
  for (const path of ['/', '/information/dmca/', videoHref!, '/videos/longest/7/']) {
    const href = canonical(await (await request.get(path)).text());
    expect(href, path).toBeTruthy();
    origins.add(new URL(href!).origin);
  }
  const robots = await (await request.get('/robots.txt')).text();
  origins.add(new URL(/Sitemap: (\S+)/.exec(robots)![1]!).origin);
  const index = await (await request.get('/sitemap.xml')).text();
  for (const m of index.matchAll(/<loc>([^<]+)<\/loc>/g)) origins.add(new URL(m[1]!).origin);
  expect([...origins]).toHaveLength(1);
});

test('a cached video page shows the age against the visitor clock, not the render time', async ({ page, request }) => {
  const home = await (await request.get('/')).text();
  const href = /href="(\/video\/\d+\/[^"]+\/)"/.exec(home)![1]!;
  const html = await (await request.get(href)).text();
  const posted = /<time dateTime="([^"]+)">Added /i.exec(html)?.[1] ?? /<time datetime="([^"]+)">Added /i.exec(html)?.[1];
  expect(posted).toBeTruthy();
  // The visitor reads the page 400 days after the video was posted, whatever the server rendered.
  await page.clock.setFixedTime(new Date(Date.parse(posted!) + 400 * 86_400_000));
  await page.goto(href);
  await expect(page.locator('main time', { hasText: 'Added' })).toHaveText('Added 1 year ago');
});
