import { expect, test } from '@playwright/test';
import { acceptCookies, hydrated } from './helpers';

test.beforeEach(async ({ page }) => acceptCookies(page));

/** Writes `n` bookmarks straight into the browser database, as the site's own store would hold them. */
async function seedBookmarks(page: import('@playwright/test').Page, n: number) {
  await page.evaluate(async (total) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('api_storage', 1);
      req.onupgradeneeded = () => {
        for (const name of ['watch_history', 'watch_later']) {
          const store = req.result.createObjectStore(name, { keyPath: 'id', autoIncrement: true });
          store.createIndex('video_id', 'video_id', { unique: name === 'watch_later' });
        }
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction('watch_later', 'readwrite');
    for (let i = 1; i <= total; i++) {
      tx.objectStore('watch_later').add({
        video_id: 900000 + i,
        dir: `saved-video-${i}`,
        title: `Saved video ${i}`,
        scr: '',
        preview_url: '',
        duration: 60 + i,
        post_date: '2026-01-01 00:00:00',
        video_viewed: i,
        sg_id: '',
      });
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, n);
}

test('bookmarks are shown as a paginated listing: 60 a page, numbered titles', async ({ page }) => {
  await page.goto('/bookmarks/');
  await hydrated(page);
  await seedBookmarks(page, 65);
  await page.reload();
  await expect(page.locator('main article')).toHaveCount(60);
  await expect(page).toHaveTitle(/^Bookmarks - Page 1/);
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  await expect(nav.locator('[aria-current="page"]')).toHaveText('1');
  await nav.locator('a[rel="next"]').click();
  await expect(page).toHaveURL(/\/bookmarks\/\?page=2$/);
  await expect(page.locator('main article')).toHaveCount(5);
  await expect(page).toHaveTitle(/^Bookmarks - Page 2/);
  // Removing the last five empties page 2: the listing shows the last page left.
  for (let i = 0; i < 5; i++) await page.locator('main article').first().getByTestId('remove-bookmark').click();
  await expect(page.locator('main article')).toHaveCount(60);
  await expect(nav.locator('[aria-current="page"]')).toHaveText('1');
});
