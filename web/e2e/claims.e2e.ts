import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';

/**
 * What the marketing pages claim is what the product does (issue 46): 14 government bodies, each
 * read every 30 minutes (the vocabulary's numbers), e-mail alerts offered without "Coming Soon".
 */
describe('the landing, About and Help pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`say 14 bodies read every 30 minutes, and nothing of 20 (${viewport})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      for (const path of ['/', '/about-us', '/help-center']) {
        await page.goto(path);
        await page.locator('main').first().waitFor();
        await page.getByText(/14 (national )?(government )?bodies|14 ministries/).first().waitFor();
        const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
        expect(text, path).toMatch(/every 30 minutes|30 min/);
        expect(text, path).not.toMatch(/more than 20|20\+|20 minutes|20 min\b/i);
        if (path === '/') {
          expect(text).toContain('monitors 14 national government bodies');
          expect(text).toContain('E-mail alerts for your saved searches');
          expect(text).not.toContain('Coming Soon');
        }
      }
      await context.close();
    });
  }
});
