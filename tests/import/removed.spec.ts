import { expect, test } from '@playwright/test';

const PHASE = process.env.IMPORT_PHASE ?? 'imported';
const TITLE = 'Quokka Island Morning Walk';

test.skip(PHASE !== 'removed', 'removed phase only');

test('a taken-down video has left its category, search and its own page', async ({ page }) => {
  await page.goto('/categories/island-life/');
  await expect(page.getByRole('link', { name: 'Marimba Practice Session' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0);
  await page.goto('/search/1/?s=quokka');
  await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0);
  const res = await page.goto(`/video/${process.env.REMOVED_ID}/quokka-island-morning-walk/`);
  expect(res?.status()).toBe(404);
  await page.screenshot({ path: 'test-results/import-removed.png' });
});
