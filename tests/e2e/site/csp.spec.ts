import { expect, test } from '@playwright/test';
import { firstVideoHref, plainVisitor } from './helpers';

/**
 * Issue 20 item 5: the Content-Security-Policy built from the configuration (no `https:`
 * wildcards) blocks nothing the site itself uses: no 'Refused to' console message and no
 * securitypolicyviolation event on the home page, a listing and a video page (its sandboxed player).
 */
test.beforeEach(async ({ context, baseURL }) => plainVisitor(context, baseURL));

test('home, a listing and a video page load without a CSP violation', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Refused to|Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load ${e.blockedURI} (${e.violatedDirective}), Content Security Policy`));
  });

  const res = await page.goto('/');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/(^|\s)https:(\s|;|$)/);
  await page.goto('/videos/latest-updates/1/');
  const href = await firstVideoHref(page);
  await page.goto(href);
  const frame = page.locator('main iframe').first();
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(page.frameLocator('main iframe').first().locator('video, body').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});
