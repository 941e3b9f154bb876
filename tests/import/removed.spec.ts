import { expect, test } from '@playwright/test';

const TITLE = 'Quokka Island Morning Walk';

// Run by tests/import/import.test.mjs after its takedown of REMOVED_ID (the import-removed project).
const REMOVED_ID = process.env.REMOVED_ID;

test('a taken-down video has left its category, search and its own page', async ({ page }) => {
  expect(REMOVED_ID, 'REMOVED_ID: the id of the taken-down video').toMatch(/^\d+$/);
  await page.goto('/categories/island-life/');
  await expect(page.getByRole('link', { name: 'Marimba Practice Session' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0);
  await page.goto('/search/1/?s=quokka');
  await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0);
  const res = await page.goto(`/video/${REMOVED_ID}/quokka-island-morning-walk/`);
  expect(res?.status()).toBe(404);
  await page.screenshot({ path: 'test-results/import-removed.png' });
});
