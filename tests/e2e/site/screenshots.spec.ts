import { expect, test } from '@playwright/test';
import { firstVideoHref, plainVisitor } from './helpers';

/**
 * Screenshots of the main screens at desktop (1366x900) and mobile (390x844) widths, written to
 * screenshots/ for people to look at. They assert only that the page rendered.
 */
const sizes = [
  { tag: 'desktop', width: 1366, height: 900 },
  { tag: 'mobile', width: 390, height: 844 },
];

for (const size of sizes) {
  test(`screenshots at ${size.tag} width`, async ({ browser, baseURL }) => {
    const mobile = size.tag === 'mobile';
    const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height }, isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
    await plainVisitor(context, baseURL);
    const page = await context.newPage();
    await page.goto('/videos/latest-updates/1/');
    const video = await firstVideoHref(page);
    const shots: [string, string][] = [
      ['home', '/'],
      ['listing', '/videos/top-rated/1/?date=month'],
      ['video', video],
      ['404', '/no-such-page/'],
    ];
    for (const [name, path] of shots) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('main')).toBeVisible();
      await page.screenshot({ path: `screenshots/${name}-${size.tag}.png` });
    }
    await context.close();
  });
}
