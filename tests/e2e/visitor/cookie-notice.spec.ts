import { expect, test } from '@playwright/test';
import { hydrated } from './helpers';

test('the cookie notice shows until Accept and stays hidden after a reload', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByTestId('cookie-notice');
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  const viewport = page.viewportSize();
  // fixed to the bottom of the viewport: it covers, it does not push content
  expect(box && viewport && box.y + box.height).toBeLessThanOrEqual(viewport!.height);
  expect(await notice.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('showCookiesNotify'))).toBe('false');

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
});
