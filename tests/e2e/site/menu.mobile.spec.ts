import { expect, test } from '@playwright/test';
import { plainVisitor } from './helpers';

test.beforeEach(async ({ context, baseURL }) => plainVisitor(context, baseURL));

test('hamburger menu at mobile width: links, navigation closes it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  const toggle = page.getByLabel('Open menu');
  await expect(toggle).toBeVisible();
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  for (const name of ['New', 'Popular', 'Best', 'Categories', 'History', 'Bookmarks']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Popular' }).click();
  await expect(page).toHaveURL(/\/videos\/most-popular\/1\/$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Most popular');
});

test('the header hides when scrolling down past 75px and returns when scrolling up', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  const header = page.locator('#site-header');
  await expect(header).not.toHaveAttribute('data-hidden', /.*/);
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-hidden', '');
  await page.mouse.wheel(0, -150);
  await expect(header).not.toHaveAttribute('data-hidden', /.*/);
});

test('footer ads: 2 per row at mobile width', async ({ page }) => {
  await page.goto('/information/');
  const slots = page.getByRole('contentinfo').locator('[data-ad-kind="banner"]');
  const a = await slots.nth(0).boundingBox();
  const b = await slots.nth(1).boundingBox();
  const c = await slots.nth(2).boundingBox();
  expect(a && b && c).toBeTruthy();
  expect(Math.round(a!.y)).toBe(Math.round(b!.y));
  expect(c!.y).toBeGreaterThan(a!.y);
});

test('video page on mobile shows the extra ad blocks', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  const href = await page.locator('main a[href^="/video/"]').first().getAttribute('href');
  await page.goto(href ?? '/');
  await expect(page.locator('[data-ad-slot="video-mobile-1"]')).toBeVisible();
  await expect(page.locator('[data-ad-slot="video-side-1"]')).toBeHidden();
});
