/**
 * A visitor in Chromium on the site in front of the network's recorded answers: suggestions,
 * a video page with its player and votes, an error listing and a failing video, as the visitor
 * sees them (screenshots in test-results/compat/screens).
 */
import { expect, test, type Page } from '@playwright/test';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/compat/screens/${name}.png`, fullPage: false });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('showCookiesNotify', 'false'));
});

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-visitor-ready="1"]').waitFor({ state: 'attached' });
}

test('home and search suggestions come from the upstream', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('main').getByText('Quiet Harbour at Dawn').first()).toBeVisible();
  const input = page.getByRole('searchbox', { name: 'Search videos' });
  await input.fill('harb');
  const panel = page.getByTestId('search-panel');
  await expect(panel.getByText('harbour at dawn')).toBeVisible();
  await expect(panel.getByRole('link', { name: /Harbours/ }).first()).toBeVisible();
  await shot(page, 'upstream-suggestions');
});

test('a video page: the upstream player, details and related, and a refused second vote', async ({ page }) => {
  await page.goto('/video/101/quiet-harbour-at-dawn/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiet Harbour at Dawn' })).toBeVisible();
  await expect(page.locator('iframe[src="https://upstream.test/embed/101/"]')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Harbours' }).first()).toBeVisible();
  await expect(page.locator('#related-heading')).toBeVisible();
  await shot(page, 'upstream-video');

  await page.goto('/video/102/river-bend-in-autumn/');
  await hydrated(page);
  await page.getByTestId('vote-like').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'You have already voted' })).toBeVisible();
});

test('a listing whose upstream sends a 502 page shows the empty/error message inside the whole page', async ({ page }) => {
  const res = await page.goto('/categories/html-502/latest-updates/1/');
  expect(res?.status()).toBe(503);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'There is no data in this list.' })).toBeVisible();
  await expect(page.locator('[data-error-code="source_unavailable"]')).toHaveCount(1);
  await shot(page, 'upstream-listing-error');
});

test('a video whose upstream sends a maintenance page lands on /404/', async ({ page }) => {
  await page.goto('/video/105/any-dir/');
  await expect(page).toHaveURL(/\/404\/$/);
  await expect(page.getByRole('link', { name: 'Go to main page' })).toBeVisible();
});
