import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { firstVideoHref, plainVisitor } from './helpers';

/**
 * The grids at the widths a layout breaks at: every row of cards is full (home rows of 30, listing
 * pages of 60, related videos 10 at a time), an ad block sits between whole rows, the footer's ads
 * never leave one alone, and a category's name shows once.
 */
const WIDTHS = [390, 768, 1024, 1280, 1920];

async function visitor(browser: Browser, baseURL: string | undefined, width: number): Promise<Page> {
  const mobile = width < 768;
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, isMobile: mobile, hasTouch: mobile });
  await plainVisitor(context, baseURL);
  return context.newPage();
}

/** How many of the items sit in each row, top to bottom (items whose tops line up share a row). */
async function rowSizes(items: Locator): Promise<number[]> {
  const tops = await items.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top + window.scrollY)));
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
}

/** Every row as long as the first. */
function expectFullRows(sizes: number[], what: string): void {
  expect(sizes.length, what).toBeGreaterThan(1);
  expect(sizes, what).toEqual(sizes.map(() => sizes[0]));
}

for (const width of WIDTHS) {
  test(`rows of cards are full at ${width} px: home, a listing, related videos around their ads`, async ({ browser, baseURL }) => {
    const page = await visitor(browser, baseURL, width);
    await page.goto('/');
    for (const id of ['row-latest', 'row-top']) {
      const row = page.locator(`section[aria-labelledby="${id}"]`);
      await expect(row.locator('article')).toHaveCount(30);
      expectFullRows(await rowSizes(row.locator('article')), `home ${id} at ${width}`);
    }
    await page.goto('/videos/latest-updates/2/');
    await expect(page.locator('main article')).toHaveCount(60);
    expectFullRows(await rowSizes(page.locator('main article')), `listing at ${width}`);
    // Each card's meta row (views, rating, bookmark button) fits the card's width.
    const overflowing = await page.locator('main article > :last-child').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth).length);
    expect(overflowing, `meta rows wider than their card at ${width}`).toBe(0);

    await page.goto(await firstVideoHref(page));
    const related = page.locator('section[aria-labelledby="related-heading"] > ul');
    await expect(related.locator('article')).toHaveCount(10);
    expectFullRows(await rowSizes(related.locator('article')), `related at ${width}`);
    // The ad block is a row of its own, between rows of cards.
    const ad = await related.locator('> li:has([data-ad-slot])').boundingBox();
    const cards = await related.locator('article').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
    expect(ad).not.toBeNull();
    expect(cards.filter((c) => c.bottom > ad!.y && c.top < ad!.y + ad!.height)).toEqual([]);
    expect(cards.some((c) => c.bottom <= ad!.y)).toBe(true);
    expect(cards.some((c) => c.top >= ad!.y + ad!.height)).toBe(true);
    await page.context().close();
  });

  test(`the footer's four banners are in one row or two and two at ${width} px, and an odd last ad is centred`, async ({ browser, baseURL }) => {
    const page = await visitor(browser, baseURL, width);
    await page.goto('/information/');
    const footer = page.getByRole('contentinfo');
    const banners = await rowSizes(footer.locator('[data-ad-kind="banner"]'));
    expect([[4], [2, 2]]).toContainEqual(banners);
    const natives = footer.locator('[data-ad-kind="native"]');
    const sizes = await rowSizes(natives);
    // Three 300 px blocks and their gaps fit in one row from 1024 px; narrower, two and one.
    const wrapped = width < 1024;
    expect(sizes).toEqual(wrapped ? [2, 1] : [3]);
    if (wrapped) {
      // Alone in its row: centred under the others, at their size.
      const [first, last, box] = await Promise.all([natives.first().boundingBox(), natives.last().boundingBox(), footer.boundingBox()]);
      expect(Math.abs(last!.x + last!.width / 2 - (box!.x + box!.width / 2))).toBeLessThanOrEqual(1);
      expect(Math.round(last!.width)).toBe(Math.round(first!.width));
    }
    await page.context().close();
  });
}

test('a category shows its name once: under its tile, not drawn on it as well', async ({ page, context, baseURL, request }) => {
  await plainVisitor(context, baseURL);
  await page.goto('/categories/');
  const tile = page.locator('main ul li > a').first();
  const name = (await tile.locator('span').nth(1).textContent())?.trim() ?? '';
  expect(name.length).toBeGreaterThan(2);
  const src = await tile.locator('img').getAttribute('src');
  expect(src).toBeTruthy();
  const svg = await (await request.get(src!)).text();
  expect(svg).toContain('<svg');
  expect(svg).not.toMatch(/<text\b/);
  expect((await tile.innerText()).split(name).length - 1).toBe(1);
});
