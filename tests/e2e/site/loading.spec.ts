import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { plainVisitor } from './helpers';

/**
 * From the click until the page is there, a navigation to home, a listing or the category index
 * shows that page's skeleton, with placeholders exactly where the real cards will be (nothing moves
 * when they arrive). The page's data is held back until the skeleton has been measured.
 */

type Box = { x: number; y: number; width: number; height: number };

async function boxes(items: Locator, count: number): Promise<Box[]> {
  return items.evaluateAll(
    (els, n) =>
      els.slice(0, n).map((e) => {
        const r = e.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
      }),
    count,
  );
}

/** Holds the router's page requests until release() (Next marks them with _rsc). */
async function holdPages(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/[?&]_rsc=/, async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release() };
}

async function visitor(browser: Browser, baseURL: string | undefined, width: number): Promise<Page> {
  const mobile = width < 768;
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, isMobile: mobile, hasTouch: mobile });
  await plainVisitor(context, baseURL);
  return context.newPage();
}

const CASES = [
  {
    name: 'a listing (pagination)',
    from: '/videos/longest/1/',
    click: (p: Page) => p.getByRole('navigation', { name: 'Pagination' }).locator('a[rel="next"]').click(),
    skeleton: 'listing',
    placeholders: '[data-skeleton="card"]',
    real: 'main article',
  },
  {
    name: 'home (logo)',
    from: '/videos/longest/1/',
    // The logo by its name: the orientation switch's 'Straight' links to / too.
    click: (p: Page) => p.locator('header').getByRole('link', { name: / home$/ }).click(),
    skeleton: 'home',
    placeholders: '[data-skeleton="card"]',
    real: 'main article',
  },
  {
    name: 'the category index (header)',
    from: '/videos/longest/1/',
    click: async (p: Page) => {
      const nav = p.getByRole('navigation', { name: 'Main navigation' });
      if (await nav.isVisible()) return nav.getByRole('link', { name: 'Categories' }).click();
      await p.getByLabel('Open menu').click();
      return p.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Categories' }).click();
    },
    skeleton: 'categories',
    placeholders: '[data-skeleton="category"]',
    real: 'main ul li > a',
  },
];

for (const width of [1366, 390]) {
  for (const c of CASES) {
    test(`${c.name} shows its skeleton while it loads, card for card where the page puts them (${width} px)`, async ({ browser, baseURL }) => {
      const page = await visitor(browser, baseURL, width);
      // Held from the start: a link the router prefetched would otherwise find its page at once.
      const { release } = await holdPages(page);
      await page.goto(c.from);
      await page.locator('html[data-visitor-ready="1"]').waitFor({ state: 'attached' });
      const url = page.url();
      await c.click(page);

      const skeleton = page.locator(`main [data-page-skeleton="${c.skeleton}"]`);
      await expect(skeleton).toBeVisible();
      await expect(skeleton.getByRole('status')).toHaveText('Loading…');
      // The old page is gone from view, and the skeleton starts at the top.
      await expect(page.locator('main article:visible')).toHaveCount(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const placeholders = await boxes(page.locator(c.placeholders), 12);
      expect(placeholders).toHaveLength(12);

      release();
      await expect(page).not.toHaveURL(url);
      await expect(skeleton).toHaveCount(0);
      await expect(page.locator(c.real).first()).toBeVisible();
      expect(await boxes(page.locator(c.real), 12)).toEqual(placeholders);
      await page.context().close();
    });
  }
}

test('a search from the search box shows the listing skeleton until the results are there', async ({ browser, baseURL }) => {
  const page = await visitor(browser, baseURL, 1366);
  const { release } = await holdPages(page);
  await page.goto('/videos/longest/1/');
  await page.locator('html[data-visitor-ready="1"]').waitFor({ state: 'attached' });
  const input = page.getByRole('searchbox', { name: 'Search videos' });
  await input.fill('walk');
  await input.press('Enter');
  const skeleton = page.locator('main [data-page-skeleton="listing"]');
  await expect(skeleton).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/search\/1\/\?s=walk$/);
  await expect(skeleton).toHaveCount(0);
  await expect(page.locator('main article').first()).toBeVisible();
  await page.context().close();
});

test('the pages themselves hold no skeleton: with JavaScript off the content shows', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  for (const path of ['/', '/videos/top-rated/1/', '/categories/']) {
    await page.goto(path);
    await expect(page.locator('[data-page-skeleton], [data-skeleton]')).toHaveCount(0);
    await expect(page.locator('main a:visible').first()).toBeVisible();
  }
  await expect(page.locator('main ul li > a:visible')).not.toHaveCount(0);
  await context.close();
});
