/**
 * What visitors browse by (issue 26), as a visitor clicks through it in Chromium on the built site:
 * the model index and its letter filter and sorts, a model's page, a video's credits, a channel's
 * and a tag's page, the orientation switch and the section it remembers, a 404 for an unknown
 * model; the same walk with JavaScript off. Screenshots of each page go to a temporary folder
 * (BROWSE_SHOTS names it; they are looked at, not compared).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { jsonLd, plainVisitor } from './helpers';

const SHOTS = process.env.BROWSE_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'browse-shots-'));
fs.mkdirSync(SHOTS, { recursive: true });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });

/** The BreadcrumbList's crumb names and (absolute) items' paths. */
async function crumbs(page: Page): Promise<[string, string | null][]> {
  const list = (await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item?: string }[] } | undefined;
  if (!list) throw new Error('no BreadcrumbList on the page');
  return list.itemListElement.map((c) => [c.name, c.item ? new URL(c.item).pathname : null]);
}

const cardNames = (page: Page) => page.locator('main ul li a span:nth-child(2)').allTextContents();

test.beforeEach(async ({ context, baseURL }) => plainVisitor(context, baseURL));

test('model index → model page → video → channel → tag, each with its breadcrumbs', async ({ page }) => {
  await page.goto('/models/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All models');
  await shot(page, 'models-index');
  expect(await crumbs(page)).toEqual([
    ['Home', '/'],
    ['Models', null],
  ]);
  const first = page.locator('main ul li a[href^="/models/"]').first();
  const name = (await first.locator('span').nth(1).textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/models\/[^/]+\/latest-updates\/1\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} videos`);
  await expect(page).toHaveTitle(new RegExp(`^${name} videos - Latest updates - Page 1`));
  expect(await crumbs(page)).toEqual([
    ['Home', '/'],
    ['Models', '/models/'],
    [name, null],
  ]);
  await shot(page, 'model-page');

  await page.locator('main article a[href^="/video/"]').first().click();
  await expect(page).toHaveURL(/\/video\/\d+\/[^/]+\/$/);
  const credits = page.getByTestId('video-credits');
  await expect(credits.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  const video = (await jsonLd(page)).find((d) => d['@type'] === 'VideoObject') as { actor?: { name: string }[] };
  expect(video.actor?.map((a) => a.name)).toContain(name);
  const trail = await crumbs(page);
  expect(trail[0]).toEqual(['Home', '/']);
  expect(trail.at(-1)?.[1]).toBeNull();
  await shot(page, 'video-page');

  const channel = credits.locator('a[href^="/channel/"]');
  if ((await channel.count()) > 0) {
    const channelName = (await channel.first().innerText()).replace(/^Channel:\s*/, '').trim();
    await channel.first().click();
    await expect(page).toHaveURL(/\/channel\/[^/]+\/latest-updates\/1\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${channelName} videos`);
    await shot(page, 'channel-page');
    await page.goBack();
  }

  // Tags are linked only from MIN_TAG_VIDEOS videos on; their pages are indexable.
  await page.getByText('Show more').first().click();
  const tag = page.locator('main a[href^="/tags/"]').first();
  await expect(tag).toBeVisible();
  const tagName = (await tag.textContent())!.trim();
  await tag.click();
  await expect(page).toHaveURL(/\/tags\/[^/]+\/latest-updates\/1\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Videos tagged ${tagName}`);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await shot(page, 'tag-page');
});

test('the letter filter and the sorts of the model index, and its pagination', async ({ page }) => {
  await page.goto('/models/');
  const letters = page.getByRole('navigation', { name: 'First letter' });
  await letters.getByRole('link', { name: 'B', exact: true }).click();
  await expect(page).toHaveURL(/\/models\/\?letter=b$/);
  await expect(letters.locator('[aria-current="page"]')).toHaveText('B');
  const names = await cardNames(page);
  expect(names.length).toBeGreaterThan(0);
  for (const n of names) expect(n.trim().toLowerCase().startsWith('b')).toBe(true);
  await shot(page, 'models-letter-b');

  await page.getByRole('navigation', { name: 'Sort models' }).getByRole('link', { name: 'A-Z' }).click();
  await expect(page).toHaveURL(/\/models\/\?sort=title&letter=b$/);
  const sorted = await cardNames(page);
  expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

  await page.goto('/models/?sort=title');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/models\/\?sort=title&page=2$/);
  const second = await cardNames(page);
  expect(second.length).toBeGreaterThan(0);
  await expect(page).toHaveTitle(/Models - A-Z - Page 2/);
});

test('most viewed and most commented are listings of their own, offered by the filter', async ({ page }) => {
  const response = await page.goto('/videos/most-viewed/1/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Most viewed');
  await page.getByText('Filters').click();
  await page.getByRole('link', { name: 'Most commented' }).click();
  await expect(page).toHaveURL(/\/videos\/most-commented\/1\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Most commented');
  await expect(page.locator('main article')).toHaveCount(60);
  await page.goto('/categories/?sort=recent');
  await expect(page.getByRole('navigation', { name: 'Sort categories' }).locator('[aria-current="page"]')).toHaveText('Recently updated');
});

test('an unknown model, channel or tag is the 404 page', async ({ page }) => {
  for (const url of ['/models/no-such-model-here/latest-updates/1/', '/channel/no-such-channel/latest-updates/1/', '/tags/no-such-tag-here/latest-updates/1/', '/gay/models/no-such-model-here/latest-updates/1/', '/nothing-here/']) {
    const response = await page.goto(url);
    expect([url, response?.status()]).toEqual([url, 404]);
  }
  await shot(page, 'unknown-404');
});

test('the orientation switch: one click to a section, remembered on pages without one', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('#site-header');
  const orientation = header.getByRole('navigation', { name: 'Video type' });
  await expect(orientation.locator('[aria-current]')).toHaveText('Straight');
  await orientation.getByRole('link', { name: 'Gay' }).click();
  await expect(page).toHaveURL(/\/gay\/$/);
  await expect(orientation.locator('[aria-current]')).toHaveText('Gay');
  await expect(header.getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/gay/');
  await expect(header.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New' })).toHaveAttribute('href', '/gay/videos/latest-updates/1/');
  await expect(page.locator('main a[href^="/gay/videos/"]').first()).toBeVisible();
  await shot(page, 'gay-home');

  // A video has no section: the header still leads back to the visitor's.
  await page.locator('main article a[href^="/video/"]').first().click();
  await expect(page).toHaveURL(/\/video\//);
  await page.reload();
  await expect(header.getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/gay/');
  await expect(orientation.locator('[aria-current]')).toHaveText('Gay');
  // Its category links lead into its own section.
  const category = page.locator('main nav a[href*="/categories/"]').first();
  if ((await category.count()) > 0) await expect(category).toHaveAttribute('href', /^\/gay\/categories\//);

  await header.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Models' }).click();
  await expect(page).toHaveURL(/\/gay\/models\/$/);
  await shot(page, 'gay-models');
  await orientation.getByRole('link', { name: 'Straight' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/');
});

test('orientation sections list only their own videos', async ({ page }) => {
  const ids = async (url: string) => {
    await page.goto(url);
    return new Set(await page.locator('main article a[href^="/video/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))));
  };
  const straight = await ids('/videos/latest-updates/1/');
  const gay = await ids('/gay/videos/latest-updates/1/');
  const trans = await ids('/shemale/videos/latest-updates/1/');
  expect(gay.size).toBeGreaterThan(0);
  expect(trans.size).toBeGreaterThan(0);
  for (const id of gay) expect(straight.has(id) || trans.has(id)).toBe(false);
});

/**
 * Page weight: indexes and 60-video listings alike hold the 100 KB of HTML a listing is held to
 * (scripts/lib/page-budgets.mjs): the plain listing, the other sorts, an orientation's, and a
 * model's, channel's, tag's and category's, whose breadcrumbs and names come on top of the plain one.
 */
test('indexes and every kind of listing weigh at most 100 KB of HTML', async ({ page, request }) => {
  const bytes = async (url: string) => {
    const res = await request.get(url);
    expect([url, res.status()]).toEqual([url, 200]);
    return (await res.body()).length;
  };
  const first = async (index: string, links: string) => {
    await page.goto(index);
    return (await page.locator(links).first().getAttribute('href'))!;
  };
  const model = await first('/models/', 'main ul li a[href^="/models/"]');
  const channel = await first('/channels/', 'main ul li a[href^="/channel/"]');
  const category = await first('/categories/', 'main a[href^="/categories/"][href$="/1/"]');
  // Tags are linked from a video's page (a model's videos have enough to be linked).
  const tag = await first(await first(model, 'main article a[href^="/video/"]'), 'main a[href^="/tags/"]');
  const urls = ['/models/', '/models/?sort=title&letter=b', '/channels/', '/gay/models/', '/categories/?sort=recent'];
  urls.push('/videos/latest-updates/1/', '/videos/latest-updates/2/', '/videos/top-rated/1/', '/gay/videos/latest-updates/1/');
  urls.push(model, channel, tag, category);
  for (const url of urls) {
    const size = await bytes(url);
    expect([url, size]).toEqual([url, Math.min(size, 100_000)]);
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the model index, its letter filter, a model, a video and the switch all work as plain links', async ({ page }) => {
    await page.goto('/models/');
    await page.getByRole('navigation', { name: 'First letter' }).getByRole('link', { name: 'A', exact: true }).click();
    await expect(page).toHaveURL(/\/models\/\?letter=a$/);
    await page.locator('main ul li a[href^="/models/"]').first().click();
    await expect(page).toHaveURL(/\/models\/[^/]+\/latest-updates\/1\/$/);
    await expect(page.locator('main article')).not.toHaveCount(0);
    await page.locator('main article a[href^="/video/"]').first().click();
    await expect(page.getByTestId('video-credits')).toBeVisible();
    await shot(page, 'nojs-video');
    await page.locator('#site-header').getByRole('link', { name: 'Trans' }).first().click();
    await expect(page).toHaveURL(/\/shemale\/$/);
    await expect(page.locator('main article').first()).toBeVisible();
    await shot(page, 'nojs-shemale-home');
  });
});
