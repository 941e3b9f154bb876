import type { BrowserContext, Page } from '@playwright/test';

/** Visitors outside gated countries, with the cookie notice already accepted: nothing covers the page. */
export async function plainVisitor(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: 'tf_country', value: 'XX', url: baseURL ?? 'http://localhost:3000' }]);
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('showCookiesNotify', 'false');
    } catch {
      // storage may be off
    }
  });
}

/** The first video card link of a page. */
export async function firstVideoHref(page: Page): Promise<string> {
  const href = await page.locator('main a[href^="/video/"]').first().getAttribute('href');
  if (!href) throw new Error('no video link on the page');
  return href;
}

export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}
