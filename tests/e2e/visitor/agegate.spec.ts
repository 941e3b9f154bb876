import { expect, test } from '@playwright/test';
import { hydrated } from './helpers';

/** Records, at the moment the page's content is first inserted, whether the body already had the gate class. */
const recordGateAtFirstContent = () => {
  const w = window as unknown as { __gateAtFirstContent?: boolean };
  const observer = new MutationObserver(() => {
    const content = document.getElementById('content');
    if (content && document.body && w.__gateAtFirstContent === undefined) {
      w.__gateAtFirstContent = document.body.classList.contains('tf-agegate');
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
};

test.describe('age gate for a gated country (DE)', () => {
  test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'DE' } });

  test('blocks with German texts, no flash, cannot be dismissed, confirm sticks after reload', async ({ page, context }) => {
    await page.addInitScript(recordGateAtFirstContent);
    await page.goto('/');

    // The gate class was there before the content was parsed: no flash of content.
    expect(await page.evaluate(() => (window as unknown as { __gateAtFirstContent?: boolean }).__gateAtFirstContent)).toBe(true);
    // The content stays in the HTML for crawlers.
    await expect(page.locator('#content')).toBeAttached();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('lang', 'de');
    await expect(dialog).toContainText('Sie müssen mindestens 18 Jahre alt sein');
    const confirm = dialog.getByRole('button', { name: 'Ich bin 18 oder älter – Eintreten' });
    await expect(confirm).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Verlassen' })).toHaveAttribute('href', 'https://www.google.com/');

    // Escape and an outside click leave it open.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/tf-agegate/);

    // It stays open across a navigation.
    await dialog.getByRole('link').last().click();
    await expect(page).toHaveURL(/\/information\/support\/$/);
    await expect(dialog).toBeVisible();

    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('body')).not.toHaveClass(/tf-agegate/);
    const agev = (await context.cookies()).find((c) => c.name === '_agev');
    expect(agev?.value).toBe('1');
    // far-future expiry (browsers cap it at their maximum, about 400 days)
    expect(agev!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 86_400_000);

    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('body')).not.toHaveClass(/tf-agegate/);
  });
});

test.describe('age gate elsewhere', () => {
  test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'NL' } });

  test('is not shown to a visitor from a country without a gate', async ({ page, context }) => {
    await page.addInitScript(recordGateAtFirstContent);
    await page.goto('/');
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { __gateAtFirstContent?: boolean }).__gateAtFirstContent)).toBe(false);
    await expect(page.getByTestId('agegate')).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === 'tf_country')?.value).toBe('NL');
  });
});

test.describe('age gate in English (US)', () => {
  test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'US' } });

  test('uses the English texts outside DE, FR and RU', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You must be at least 18 years old to enter.');
    await expect(dialog).toHaveAttribute('lang', 'en');
  });
});
