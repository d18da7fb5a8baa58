import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './account-helpers.ts';
import { launchBrowser, newContext, screenshot, seriousAccessibilityViolations } from './browser.ts';

/** Every route of the app, as a visitor or a subscriber reaches it (protected ones send a visitor to /login). */
const routes = [
  '/',
  '/login',
  '/dashboard',
  '/search',
  '/search?q=bank',
  '/policy/1',
  '/account',
  '/subscribe',
  '/subscription-success',
  '/help-center',
  '/about-us',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
];

/** Console errors, failed requests the browser reports, uncaught exceptions and CSP violations while `visit` runs. */
async function consoleErrorsDuring(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (message: { type: () => string; text: () => string }) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  };
  const onPageError = (error: Error) => errors.push(`${page.url()}: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    await visit();
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
  return errors;
}

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the Page Not Found card for an unknown path', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      // The top bar, as on every page but the landing page, with the content below its 44 px.
      const topBar = page.getByRole('banner');
      await topBar.waitFor();
      expect((await topBar.boundingBox())?.height).toBe(44);
      const card = await page.getByRole('heading', { name: 'Page Not Found' }).boundingBox();
      expect(card!.y).toBeGreaterThan(44);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `not-found-${viewport}`);
      await context.close();
    }
  });

  for (const who of ['visitor', 'subscriber'] as const) {
    it(`logs no console error on any route for a ${who}`, async () => {
      const context = await newContext(browser, 'desktop');
      const page = await context.newPage();
      if (who === 'subscriber') await signIn(page, 'subscriber@example.com');
      const errors = await consoleErrorsDuring(page, async () => {
        for (const route of routes) {
          await page.goto(route, { waitUntil: 'networkidle' });
        }
      });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
