import { expect, test } from '@playwright/test';
import { plainVisitor } from './helpers';

/**
 * Hover previews (components/listing/preview-controller.tsx): the player loads with the first
 * hover on a thumbnail, and that very hover plays; leaving the card stops it; the next card plays
 * at once.
 */
test('a thumbnail plays its preview on the first hover and stops when the pointer leaves', async ({ page, context, baseURL }) => {
  await plainVisitor(context, baseURL);
  await page.goto('/videos/latest-updates/2/');
  await page.locator('html[data-visitor-ready="1"]').waitFor({ state: 'attached' });
  const thumbs = page.locator('main [data-preview]');
  await expect(thumbs.first()).toBeVisible();
  await expect(page.locator('main [data-preview] video')).toHaveCount(0);

  await thumbs.first().hover();
  await expect(thumbs.first().locator('video')).toHaveCount(1);

  await page.locator('h1').hover();
  await expect(page.locator('main [data-preview] video')).toHaveCount(0);

  await thumbs.nth(1).hover();
  await expect(thumbs.nth(1).locator('video')).toHaveCount(1);
  await expect(page.locator('main [data-preview] video')).toHaveCount(1);
});

test('nothing plays for a visitor who asks for reduced motion', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  await plainVisitor(context, baseURL);
  const page = await context.newPage();
  await page.goto('/videos/latest-updates/2/');
  await page.locator('html[data-visitor-ready="1"]').waitFor({ state: 'attached' });
  await page.locator('main [data-preview]').first().hover();
  // The hover has been seen by then: a preview would have started with it.
  await page.locator('main [data-preview]').nth(1).hover();
  await expect(page.locator('main [data-preview] video')).toHaveCount(0);
  await context.close();
});
