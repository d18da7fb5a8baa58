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
  '/status',
  '/admin',
  '/audit-test',
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

  it('fits a phone: the landing page\'s links in a menu, the policy tabs whole on the screen, the search placeholders whole', async () => {
    const desktop = await newContext(browser, 'desktop');
    const wide = await desktop.newPage();
    await wide.goto('/');
    await wide.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).waitFor();
    expect(await wide.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await desktop.close();

    const mobile = await newContext(browser, 'mobile');
    const page = await mobile.newPage();
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['About Us', 'Contact', 'FAQ']);
    await screenshot(page, 'landing-menu-mobile');
    await menu.getByRole('menuitem', { name: 'Contact' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');

    await signIn(page, 'subscriber@example.com');
    await page.goto('/policy/1');
    const tabs = page.getByRole('tablist', { name: 'Policy text' }).getByRole('tab');
    await tabs.first().waitFor({ timeout: 15_000 });
    // Translated Text, Original Text, Side by side (issue 35) and Analysis: at 390 px they wrap to
    // two rows rather than one row wider than the page; every tab whole, nothing off the screen.
    const boxes = await tabs.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()).map((box) => ({ left: box.left, right: box.right, top: Math.round(box.top) })));
    expect(boxes).toHaveLength(4);
    expect(new Set(boxes.map((box) => box.top)).size).toBeLessThanOrEqual(2);
    for (const box of boxes) expect(box.left >= 0 && box.right <= 390, `a tab at ${box.left}-${box.right}`).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'policy-tabs-mobile');

    /** Is the placeholder shown whole: its text, in its own font, within the box's content width? */
    const placeholderFits = (testId: string) =>
      page.getByTestId(testId).evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const placeholder = getComputedStyle(input, '::placeholder');
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: input.placeholder, width: Math.ceil(context.measureText(input.placeholder).width), room };
      });
    const topBar = await placeholderFits('search-bar-input');
    expect(topBar.width, JSON.stringify(topBar)).toBeLessThanOrEqual(topBar.room);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-search-input').waitFor({ timeout: 15_000 });
    const dashboard = await placeholderFits('dashboard-search-input');
    expect(dashboard.width, JSON.stringify(dashboard)).toBeLessThanOrEqual(dashboard.room);
    await screenshot(page, 'dashboard-search-placeholder-mobile');
    await mobile.close();
  });
});
