import { expect, test } from '@playwright/test';
import { plainVisitor } from './helpers';

/**
 * On a touch screen the card fully in the middle of the view plays its preview; the player loads
 * with the visitor's first scroll or touch (components/listing/preview-controller.tsx).
 */
test('scrolling a listing plays the preview of the card in the middle of the view', async ({ page, context, baseURL }) => {
  await plainVisitor(context, baseURL);
  await page.goto('/videos/latest-updates/2/');
  await page.locator('html[data-visitor-ready="1"]').waitFor({ state: 'attached' });
  await expect(page.locator('main [data-preview]').first()).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect(page.locator('main [data-preview] video')).toHaveCount(1);
});
