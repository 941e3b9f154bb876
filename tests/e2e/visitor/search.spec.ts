import { expect, test } from '@playwright/test';
import { acceptCookies, hydrated } from './helpers';

test.beforeEach(async ({ page }) => acceptCookies(page));

/** A keyword the suggester knows (read from the site's own API, so the test follows the catalogue). */
async function knownKeyword(request: import('@playwright/test').APIRequestContext): Promise<string> {
  for (const c of ['vid', 'the', 'sun', 'blu', 'red', 'new', 'cit', 'sea']) {
    const res = await request.get(`/api/suggester.php?c=${c}`);
    if (!res.ok()) continue;
    const body = (await res.json()) as { keywords?: unknown[] };
    const kw = body.keywords?.find((k) => typeof k === 'string' && k.length >= 3);
    if (typeof kw === 'string') return kw;
  }
  throw new Error('the suggester knows no keyword');
}

test('suggestions after typing, keyboard navigation, Enter picks, recent searches', async ({ page, request }) => {
  const keyword = await knownKeyword(request);
  const typed = keyword.slice(0, 3);

  await page.goto('/');
  await hydrated(page);
  const input = page.getByRole('searchbox', { name: 'Search videos' });
  await expect(input).toHaveAttribute('maxlength', '69');

  // 2 characters: no suggestion request; submit is ignored.
  const suggested: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/suggester.php')) suggested.push(new URL(r.url()).searchParams.get('c') ?? '');
  });
  await input.fill(typed.slice(0, 2));
  await input.press('Enter');

  // 3 characters: suggestions, with the typed part highlighted. They are asked for 300 ms after
  // the keystroke: a request the 2 characters had started (it would have come 300 ms after theirs)
  // or the navigation of their submit would have come first, so here is where to look for them.
  await input.fill(typed);
  const panel = page.getByTestId('search-panel');
  const keywords = panel.getByTestId('search-keywords');
  await expect(keywords).toBeVisible();
  await expect(keywords.locator('mark').first()).toHaveText(new RegExp(typed, 'i'));
  expect(suggested).toEqual([typed]);
  await expect(page).toHaveURL(/\/$/);

  // Arrow keys move through the options and wrap around.
  const options = panel.locator('[data-option]');
  const n = await options.count();
  await input.press('ArrowDown');
  await expect(options.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(n - 1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toBeFocused();

  // Enter picks the focused keyword.
  const first = keywords.locator('a').first();
  await first.focus();
  const picked = (await first.textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search/1/\\?s=${encodeURIComponent(picked).replace(/%20/g, '(%20|\\+)')}$`));
  await expect(panel).toBeHidden();

  // The listing saved the term: it is among the recent searches.
  await hydrated(page);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('history_search') ?? '[]'))).toEqual([{ title: picked }]);
  await input.fill('');
  await input.click();
  await expect(panel.getByTestId('search-recent')).toContainText(picked);

  // An outside click closes the panel.
  await page.mouse.click(5, 400);
  await expect(panel).toBeHidden();
});

test('submitting with the button searches for 3..69 characters', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const input = page.getByRole('searchbox', { name: 'Search videos' });
  await input.fill('x'.repeat(80));
  await expect(input).toHaveValue('x'.repeat(69));
  await input.fill('zebra crossing');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/1\/\?s=zebra(%20|\+)crossing$/);
});

/**
 * The search box searches the section of the page it is on. The term is a word of a gay video's
 * title (its URL's slug), so the gay section has results; the sections list only their own videos,
 * so the gay results share none with the straight search for the same term.
 */
test.describe('in a section', () => {
  async function gayTerm(page: import('@playwright/test').Page): Promise<string> {
    await page.goto('/gay/videos/latest-updates/1/');
    const hrefs = await page.locator('main article a[href^="/video/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const words = hrefs.flatMap((h) => (h.split('/')[3] ?? '').split('-')).filter((w) => /^[a-z]{4,}$/.test(w));
    expect(words.length).toBeGreaterThan(0);
    return words[0]!;
  }

  const results = (page: import('@playwright/test').Page) =>
    page.locator('main article a[href^="/video/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));

  async function expectGayResults(page: import('@playwright/test').Page, term: string) {
    await expect(page).toHaveURL(new RegExp(`/gay/search/1/\\?s=${term}$`));
    const gay = await results(page);
    expect(gay.length).toBeGreaterThan(0);
    await page.goto(`/search/1/?s=${term}`);
    const straight = new Set(await results(page));
    for (const href of gay) expect(straight.has(href)).toBe(false);
  }

  test('a visitor on /gay/ searches the gay section', async ({ page }) => {
    const term = await gayTerm(page);
    await page.goto('/gay/');
    await hydrated(page);
    const input = page.getByRole('searchbox', { name: 'Search videos' });
    await input.fill(term);
    await input.press('Enter');
    await expectGayResults(page, term);
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test("the form's action is the section's search", async ({ page }) => {
      const term = await gayTerm(page);
      await page.goto('/gay/');
      const input = page.getByRole('searchbox', { name: 'Search videos' });
      await input.fill(term);
      await input.press('Enter');
      await expectGayResults(page, term);
    });
  });
});
