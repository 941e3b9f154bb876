import { expect, test } from '@playwright/test';
import { acceptCookies, hydrated, notifications, someVideoUrl } from './helpers';

test.beforeEach(async ({ page }) => acceptCookies(page));

test('bookmark added, already added, shown and removed on the bookmarks page', async ({ page }) => {
  await page.goto('/videos/latest-updates/2/');
  await hydrated(page);
  const card = page.locator('main article').filter({ has: page.getByTestId('bookmark-button') }).first();
  const title = (await card.locator('a[href^="/video/"]').first().innerText()).split('\n').pop()!.trim();
  const button = card.getByTestId('bookmark-button');

  await button.click();
  await expect(notifications(page).filter({ hasText: `Video ${title} successfully added to the Bookmarks` })).toBeVisible();
  await button.click();
  await expect(notifications(page).filter({ hasText: `Video ${title} has already been added to Bookmarks` })).toHaveAttribute(
    'data-type',
    'error',
  );

  // Removed after 4 s, or at once on click.
  await notifications(page).first().click();
  await expect(notifications(page)).toHaveCount(1);

  await page.goto('/bookmarks/');
  const saved = page.locator('main article');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText(title);
  await saved.first().getByTestId('remove-bookmark').click();
  await expect(page.locator('main article')).toHaveCount(0);
  await expect(page.getByText('There is no data in this list.')).toBeVisible();

  // Back on the listing the card offers the bookmark again.
  await page.goto('/videos/latest-updates/2/');
  await hydrated(page);
  await expect(page.locator('main article').first().getByTestId('bookmark-button')).toBeVisible();
});

test('the history lists a watched video; clear all empties it', async ({ page }) => {
  await page.goto('/history/');
  await expect(page.getByText('Your viewing history is empty.')).toBeVisible();

  const url = await someVideoUrl(page);
  await page.goto(url);
  const title = (await page.locator('main h1').first().innerText()).trim();
  // The history entry is stored 1 s after load: wait until the browser's database holds it.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('api_storage');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('watch_history')) return (db.close(), resolve(0));
              const count = db.transaction('watch_history').objectStore('watch_history').count();
              count.onsuccess = () => (db.close(), resolve(count.result));
              count.onerror = () => (db.close(), reject(count.error));
            };
          }),
      ),
    )
    .toBe(1);

  await page.goto('/history/');
  await expect(page.locator('main article')).toHaveCount(1);
  await expect(page.locator('main article').first()).toContainText(title);

  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('clear-all').click();
  await expect(page.getByText('Your viewing history is empty.')).toBeVisible();
});

test('export and import of local data', async ({ page }, testInfo) => {
  await page.goto('/videos/latest-updates/3/');
  await hydrated(page);
  await page.locator('main article').first().getByTestId('bookmark-button').click();
  await expect(notifications(page).first()).toContainText('successfully added');
  await page.evaluate(() => localStorage.setItem('history_search', JSON.stringify([{ title: 'exported term' }])));

  await page.goto('/my-data/');
  await expect(page.getByTestId('my-data-bookmarks')).toHaveText('1 item');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('my-data-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tubefront-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = testInfo.outputPath('export.json');
  await download.saveAs(file);

  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('my-data-wipe').click();
  await expect(page.getByTestId('my-data-bookmarks')).toHaveText('0 items');
  await expect(page.getByTestId('my-data-searches')).toHaveText('0 items');

  await page.getByTestId('my-data-import').setInputFiles(file);
  await expect(notifications(page).filter({ hasText: 'Imported 1 bookmark, 0 history entries and 1 recent search' })).toBeVisible();
  await expect(page.getByTestId('my-data-bookmarks')).toHaveText('1 item');

  await page.goto('/bookmarks/');
  await expect(page.locator('main article')).toHaveCount(1);

  // A file that is not an export is refused.
  await page.goto('/my-data/');
  await page.getByTestId('my-data-import').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"a":1}') });
  await expect(notifications(page).filter({ hasText: 'This file could not be read' })).toHaveAttribute('data-type', 'error');
});
