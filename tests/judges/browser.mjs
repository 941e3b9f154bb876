/**
 * Chromium for the judges: a page loaded in a fresh context that records every
 * Content-Security-Policy violation (the console's reports and the securitypolicyviolation events,
 * in frames too), the embedded player made to play, and axe-core over the page.
 */
import fs from 'node:fs';

/**
 * The page's globals that the scripts run in Chromium use: these files are checked without the DOM
 * library, which would declare `window` and `document` in every Node script too.
 * @typedef {object} PageGlobals
 * @property {{ addEventListener(type: 'securitypolicyviolation', listener: (e: { violatedDirective: string; blockedURI: string }) => void): void }} document
 * @property {string[]} [__cspViolations] the violations seen, pushed by the init script
 */
/**
 * What is used of a <video> element.
 * @typedef {object} VideoElement
 * @property {boolean} muted
 * @property {number} currentTime
 * @property {() => Promise<void>} play
 * @property {(type: 'timeupdate', listener: () => void) => void} addEventListener
 * @property {(type: 'timeupdate', listener: () => void) => void} removeEventListener
 */
/**
 * A loaded page: `consoleViolations` fills while it lives; `close()` ends its context.
 * @typedef {{ page: import('@playwright/test').Page; consoleViolations: string[]; close(): Promise<void> }} LoadedPage
 */

/** Chromium as playwright.config.ts finds it: CHROMIUM_PATH, Debian's, else Playwright's own. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  const executablePath = process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
}

/**
 * Loads `url` in a new context and waits until the network is idle.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ rewriteCsp?: (csp: string) => string; origin?: string }} [options] `rewriteCsp` replaces
 *   the CSP header of every answer from `origin`
 * @returns {Promise<LoadedPage>}
 */
export async function loadPage(browser, url, { rewriteCsp, origin = new URL(url).origin } = {}) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const { document } = /** @type {PageGlobals} */ (/** @type {unknown} */ (globalThis));
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = /** @type {PageGlobals} */ (/** @type {unknown} */ (globalThis));
      (w.__cspViolations = w.__cspViolations ?? []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  if (rewriteCsp) {
    await context.route(`${origin}/**`, async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers(), 'content-security-policy': rewriteCsp(res.headers()['content-security-policy'] ?? '') };
      await route.fulfill({ response: res, headers });
    });
  }
  const page = await context.newPage();
  /** @type {string[]} */
  const consoleViolations = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) consoleViolations.push(m.text());
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } catch (err) {
    await context.close();
    throw err;
  }
  return { page, consoleViolations, close: () => context.close() };
}

/**
 * Every CSP violation seen on the loaded page so far: the console's, and the events the console
 * may not show.
 * @param {LoadedPage} loaded
 */
export async function cspViolations(loaded) {
  const events = await loaded.page.evaluate(() => /** @type {PageGlobals} */ (/** @type {unknown} */ (globalThis)).__cspViolations ?? []);
  return [...loaded.consoleViolations, ...events];
}

/**
 * Plays the <video> of the page's embed frame, muted; true once its time moves, else why not.
 * @param {LoadedPage} loaded
 * @returns {Promise<true | string>}
 */
export async function playEmbeddedVideo(loaded) {
  return loaded.page
    .frameLocator('iframe[src*="/embed/"]')
    .locator('video')
    .evaluate(async (element) => {
      const v = /** @type {VideoElement} */ (/** @type {unknown} */ (element));
      v.muted = true;
      await v.play();
      // A busy machine may take seconds to decode the first frames: wait (up to a deadline) for time to move.
      if (v.currentTime === 0) {
        await new Promise((resolve) => {
          const moved = () => v.currentTime > 0 && (v.removeEventListener('timeupdate', moved), resolve(undefined));
          v.addEventListener('timeupdate', moved);
          setTimeout(resolve, 30_000);
        });
      }
      return v.currentTime > 0 || `currentTime still ${v.currentTime} after 30 s`;
    })
    .catch((e) => String(e));
}

/**
 * axe-core's violations on the loaded page.
 * @param {LoadedPage} loaded
 */
export async function axeViolations(loaded) {
  const { default: axeModule } = await import('@axe-core/playwright');
  // Its ESM build's default export is the class; its declarations, read as CommonJS under NodeNext,
  // make this default import the whole module.
  const AxeBuilder = /** @type {typeof axeModule.default} */ (/** @type {unknown} */ (axeModule));
  const result = await new AxeBuilder({ page: loaded.page }).analyze();
  return result.violations;
}
