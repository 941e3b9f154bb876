import { expect, test } from '@playwright/test';
import { catalogVideo } from '../catalog';
import { firstVideoHref, jsonLd, plainVisitor } from './helpers';

/**
 * The Location header. Next 16.4 sends it twice (same value) on the first, uncached render of a
 * redirect in an ISR page; Playwright joins repeated headers with ', '.
 */
function location(headers: Record<string, string>): string {
  return (headers['location'] ?? '').split(', ')[0] ?? '';
}

test.beforeEach(async ({ context, baseURL }) => plainVisitor(context, baseURL));

test('video page: player, details, categories, related, metadata', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  const href = await firstVideoHref(page);
  await page.goto(href);
  const frame = page.locator('main iframe[src*="embed"]').first();
  await expect(frame).toHaveAttribute('title', /Video player/);
  await expect(frame).toHaveAttribute('allow', /fullscreen/);
  await expect(frame).toHaveAttribute('referrerpolicy', /.+/);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).not.toBeEmpty();
  await expect(page.locator('main')).toContainText(/views/);
  await expect(page.locator('main')).toContainText(/Added (today|\d+ (day|month|year)s? ago|1 (day|month|year) ago)/);
  // Category links go to the category listing.
  const cat = page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first();
  await expect(cat).toHaveAttribute('href', /^\/categories\/[^/]+\/latest-updates\/1\/$/);
  // Related: the first page of 10, with ad slots among them.
  const related = page.locator('section[aria-labelledby="related-heading"]');
  await expect(related.locator('article')).toHaveCount(10);
  await expect(related.locator('[data-ad-slot]').first()).toBeAttached();
  // Description / information: show more, hide.
  const about = page.locator('main details').filter({ hasText: 'Description' });
  await expect(about.getByText('Information', { exact: true })).toBeHidden();
  await about.locator('summary').click();
  await expect(about.getByText('Information', { exact: true })).toBeVisible();
  await expect(about.locator('summary')).toContainText('Hide');

  // Metadata.
  const title = (await h1.textContent())?.trim() ?? '';
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.locator('meta[name="rating"]').first()).toHaveAttribute('content', 'adult');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${href}$`));
  await expect(page.locator('meta[property="og:video"], meta[property="og:video:url"]').first()).toHaveAttribute('content', /^https?:\/\/.+\/embed\//);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'player');
  await expect(page.locator('meta[name="twitter:player"]')).toHaveAttribute('content', /^https?:\/\//);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{10,}/);
});

test('VideoObject JSON-LD', async ({ page }) => {
  await page.goto('/videos/top-rated/1/');
  await page.goto(await firstVideoHref(page));
  const data = (await jsonLd(page)).find((d) => d['@type'] === 'VideoObject');
  expect(data).toBeTruthy();
  const v = data as Record<string, unknown>;
  expect(v['@context']).toBe('https://schema.org');
  expect(typeof v.name).toBe('string');
  expect(String(v.description).length).toBeGreaterThan(5);
  const thumbs = Array.isArray(v.thumbnailUrl) ? v.thumbnailUrl : [v.thumbnailUrl];
  expect(String(thumbs[0])).toMatch(/^https?:\/\//);
  expect(String(v.uploadDate)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  expect(String(v.duration)).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
  expect(String(v.embedUrl)).toMatch(/^https?:\/\/.+/);
  expect(v.isFamilyFriendly).toBe(false);
  const stat = v.interactionStatistic as Record<string, unknown>;
  expect(stat['@type']).toBe('InteractionCounter');
  expect(typeof stat.userInteractionCount).toBe('number');
});

test('a wrong dir redirects permanently to the canonical URL', async ({ page, request }) => {
  await page.goto('/videos/latest-updates/1/');
  const href = await firstVideoHref(page);
  const id = href.split('/')[2];
  const res = await request.get(`/video/${id}/not-the-right-dir/`, { maxRedirects: 0 });
  expect(res.status()).toBe(308);
  expect(new URL(location(res.headers()), 'http://x').pathname).toBe(href);
});

test('a missing video redirects to /404/', async ({ page, request }) => {
  const res = await request.get('/video/987654321/whatever/', { maxRedirects: 0 });
  expect([307, 308]).toContain(res.status());
  expect(new URL(location(res.headers()), 'http://x').pathname).toBe('/404/');
  await page.goto('/video/987654321/whatever/');
  await expect(page).toHaveURL(/\/404\/$/);
  await expect(page.getByRole('link', { name: 'Go to main page' })).toBeVisible();
  const notNumber = await request.get('/video/abc/whatever/', { maxRedirects: 0 });
  expect(new URL(location(notNumber.headers()), 'http://x').pathname).toBe('/404/');
});

test('status 5: the page renders without related videos', async ({ page, request }) => {
  // Status 5: the page renders, without related videos and without statistics.
  const { id, dir } = catalogVideo('status_id = 5', 'video with status 5');
  const thousand = Math.floor(id / 1000) * 1000;
  const api = await request.get(`/api/json/video/86400/0/${thousand}/${id}.json`);
  const raw = (await api.json()) as { video?: { status_id?: number | string; dir?: string } };
  expect(Number(raw.video?.status_id)).toBe(5);
  expect(raw.video?.dir).toBe(dir);
  await page.goto(`/video/${id}/${dir}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main iframe')).toHaveCount(1);
  await expect(page.locator('section[aria-labelledby="related-heading"]')).toHaveCount(0);
});

test('404 page: status, message and the way home', async ({ page }) => {
  const res = await page.goto('/this/does/not/exist/');
  expect(res?.status()).toBe(404);
  await page.getByRole('link', { name: 'Go to main page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main section')).toHaveCount(3);
});

test('header links and footer links', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const links: [string, string][] = [
    ['New', '/videos/latest-updates/1/'],
    ['Popular', '/videos/most-popular/1/'],
    ['Best', '/videos/top-rated/1/'],
    ['Categories', '/categories/'],
  ];
  for (const [name, href] of links) {
    await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Bookmarks' })).toHaveAttribute('href', '/bookmarks/');
  const footer = page.getByRole('contentinfo');
  for (const name of ['DMCA', 'Terms of service', 'Privacy policy', '18 U.S.C. 2257', 'Support', 'Webmasters', 'Work with us', 'My data']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: /RTA/ })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.locator('[data-ad-kind="banner"]')).toHaveCount(4);
  await expect(footer.locator('[data-ad-kind="native"]')).toHaveCount(3);
  const box = await footer.locator('[data-ad-slot]').first().boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(300);
  expect(Math.round(box?.height ?? 0)).toBe(250);
  await nav.getByRole('link', { name: 'Best' }).click();
  await expect(page).toHaveURL(/\/videos\/top-rated\/1\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top rated');
});
