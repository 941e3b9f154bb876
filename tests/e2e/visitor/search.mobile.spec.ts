import { expect, test } from '@playwright/test';
import { acceptCookies, hydrated } from './helpers';

test('on a narrow screen the search panel has a close button', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem('history_search', JSON.stringify([{ title: 'mobile term' }])));
  const input = page.getByRole('searchbox', { name: 'Search videos' });
  if (!(await input.isVisible())) await page.getByRole('button', { name: /search/i }).first().click();
  await input.click();
  const panel = page.getByTestId('search-panel');
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close search' }).click();
  await expect(panel).toBeHidden();
});
