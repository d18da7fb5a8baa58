import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, seriousAccessibilityViolations } from './browser.ts';

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
      await expect(page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `not-found-${viewport}`);
      await context.close();
    }
  });
});
