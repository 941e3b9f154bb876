import { expect, test } from '@playwright/test';
import { catalogVideo } from '../catalog';
import { acceptCookies, hydrated, notifications, someVideoUrl } from './helpers';

test.beforeEach(async ({ page }) => acceptCookies(page));

test('like, then dislike: thanks, then already voted', async ({ page }) => {
  // A random listed video (parallel runs vote on different ones) whose like count is shown in
  // full, so that the new vote shows: 1.2K stays 1.2K.
  const { id, dir } = catalogVideo('status_id = 1 AND likes < 999', 'listed video with fewer than 999 likes');
  await page.goto(`/video/${id}/${dir}/`);
  await hydrated(page);
  const likes = page.getByTestId('likes');
  const before = (await likes.innerText()).trim();
  expect(before).toMatch(/^\d+$/);

  await page.getByTestId('vote-like').click();
  await expect(notifications(page).filter({ hasText: 'Thanks for your vote' })).toHaveAttribute('data-type', 'success');
  await expect(likes).toHaveText(String(Number(before) + 1));

  await page.getByTestId('vote-dislike').click();
  await expect(notifications(page).filter({ hasText: 'You have already voted' })).toHaveAttribute('data-type', 'error');
});

test('the view stat goes 1 s after load', async ({ page }) => {
  const url = await someVideoUrl(page);
  const posted: { at: number; body: string }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/input.php')) posted.push({ at: Date.now(), body: r.postData() ?? '' });
  });
  const started = Date.now();
  await page.goto(url);
  const views = () => posted.filter((p) => p.body.includes('act=view'));
  await expect.poll(() => views().length).toBeGreaterThan(0);
  expect(views()).toHaveLength(1);
  expect(views()[0]!.at - started).toBeGreaterThanOrEqual(1000);
});

test('related: show more to page 3, then view all related', async ({ page }) => {
  await page.goto(await someVideoUrl(page));
  await hydrated(page);
  const title = (await page.locator('main h1').first().innerText()).trim();
  const related = page.getByTestId('related-more');
  const more = related.getByTestId('related-show-more');

  await more.click();
  await expect(related).toHaveAttribute('data-page', '2');
  await expect(related.locator('article')).toHaveCount(10);
  await more.click();
  await expect(related).toHaveAttribute('data-page', '3');
  await expect(related.locator('article')).toHaveCount(20);
  await expect(more).toHaveCount(0);

  const all = related.getByTestId('related-view-all');
  await expect(all).toHaveText('View all related');
  const href = await all.getAttribute('href');
  expect(new URL(href!, 'http://x').searchParams.get('s')).toBe([...title].slice(0, 69).join('').trim());
});
