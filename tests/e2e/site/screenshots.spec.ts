import { expect, test } from '@playwright/test';
import { firstVideoHref, plainVisitor } from './helpers';

/**
 * Full-page screenshots of the main screens at the widths a layout can break at (a phone, both
 * sides of the spec's breakpoints, a laptop and a wide desktop), written to screenshots/ (ignored
 * by git) for people to look at. They assert only that the page rendered.
 */
const WIDTHS = [390, 768, 1024, 1280, 1920];

for (const width of WIDTHS) {
  test(`screenshots at ${width} px wide`, async ({ browser, baseURL }) => {
    // Seven page loads to network idle and six full-page screenshots: three times one page's budget.
    test.slow();
    const mobile = width < 768;
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
    await plainVisitor(context, baseURL);
    const page = await context.newPage();
    await page.goto('/videos/latest-updates/1/');
    const video = await firstVideoHref(page);
    const shots: [string, string][] = [
      ['home', '/'],
      ['listing', '/videos/top-rated/1/?date=month'],
      ['video', video],
      ['categories', '/categories/'],
      ['search', '/search/1/?s=walk'],
      ['404', '/no-such-page/'],
    ];
    for (const [name, path] of shots) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('main')).toBeVisible();
      await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    }
    await context.close();
  });
}
