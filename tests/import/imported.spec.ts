import { expect, type Page, test } from '@playwright/test';

/**
 * Run by tests/import/import.test.mjs after its imports (the import-imported project of
 * playwright.config.ts): the sample feeds' videos show in the browser with their feed thumbnails
 * and their player. removed.spec.ts runs after the takedown.
 * The feeds' media hosts (img.example.com, embed.example.com) are answered here, in the browser:
 * the site itself, its catalogue and its HTTP are real.
 */
const TITLE = 'Quokka Island Morning Walk';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function serveFeedMedia(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://img.example.com/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  await page.route('https://embed.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><p id="partner-player">Partner player</p>' }),
  );
  return asked;
}

test('an imported video shows in its category with the feed thumbnail, and plays through its embed', async ({ page }) => {
  const asked = await serveFeedMedia(page);
  await page.goto('/categories/island-life/');
  const card = page.getByRole('link', { name: TITLE }).first();
  await expect(card).toBeVisible();
  const img = card.locator("img");
  await expect(img).toHaveAttribute('src', 'https://img.example.com/thumbs/9001.jpg');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => asked.some((u) => u.endsWith('/thumbs/9001.jpg'))).toBe(true);
  await page.screenshot({ path: 'test-results/import-category.png' });

  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  const frame = page.locator('iframe[src^="https://embed.example.com/"]');
  await expect(frame).toHaveAttribute('src', 'https://embed.example.com/embed/9001');
  await expect(page.frameLocator('iframe[src^="https://embed.example.com/"]').locator('#partner-player')).toHaveText('Partner player');
  await page.screenshot({ path: 'test-results/import-video.png' });
});

test('imported videos are found by search, one per format', async ({ page }) => {
  await serveFeedMedia(page);
  const cases: [string, string][] = [
    ['quokka', TITLE],
    ['origami', 'Origami Crane Folding'],
    ['bonsai', 'Bonsai Pruning Basics'],
    ['lantern festival night', 'Lantern Festival Night Walk'],
    ['glassblowing', 'Glassblowing Studio Visit'],
  ];
  for (const [term, title] of cases) {
    await page.goto(`/search/1/?s=${encodeURIComponent(term)}`);
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  }
});
