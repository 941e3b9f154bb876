import { expect, type Page } from '@playwright/test';

/** A video page URL from a listing page (a random page, so that parallel runs vote on different videos). */
export async function someVideoUrl(page: Page, pageNo = 1 + Math.floor(Math.random() * 5)): Promise<string> {
  await page.goto(`/videos/latest-updates/${pageNo}/`);
  const links = page.locator('main article a[href^="/video/"]');
  await expect(links.first()).toBeVisible();
  const count = await links.count();
  const href = await links.nth(Math.floor(Math.random() * Math.min(count, 40))).getAttribute('href');
  if (!href) throw new Error('no video link on the listing');
  return href;
}

/** Waits until client components are interactive (hydrated). */
export async function hydrated(page: Page): Promise<void> {
  // VisitorShell sets this once React has hydrated the page (networkidle never comes while a preview streams).
  await page.locator('html[data-visitor-ready="1"]').waitFor({ state: 'attached' });
}

/** Hides the cookie notice so that it never covers what a test clicks. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('showCookiesNotify', 'false'));
}

export const notifications = (page: Page) => page.getByTestId('notification');
