import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage } from './account-helpers.ts';
import { baseUrl, launchBrowser, newContext } from './browser.ts';
import { waitForSearchIndex } from './search-helpers.ts';

/**
 * Feeds a visitor can find and follow (issue 46): a department's public feed is linked where its
 * policies are shown (and announced to feed readers in the page's head) and listed in the Help
 * Center; an item followed from the feed, signed out, opens the policy's public preview.
 */
describe('department feeds', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await waitForSearchIndex();
  });
  afterAll(() => browser.close());

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`are linked from a department's search, and an item followed signed out opens its preview (${viewport})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto(`/search?departments=${encodeURIComponent('["SC"]')}`);
      await page.getByTestId('search-results').waitFor({ timeout: 20_000 });
      const links = page.getByTestId('department-feeds');
      expect(await links.getByRole('link', { name: 'RSS feed of State Council' }).getAttribute('href')).toBe('/api/feeds/departments/sc.rss');
      const atomHref = await links.getByRole('link', { name: 'Atom feed of State Council' }).getAttribute('href');
      expect(atomHref).toBe('/api/feeds/departments/sc.atom');
      const alternates = await page.locator('head link[rel="alternate"]').evaluateAll((elements) =>
        elements.map((element) => ({ type: element.getAttribute('type'), href: element.getAttribute('href') })),
      );
      expect(alternates).toEqual(
        expect.arrayContaining([
          { type: 'application/rss+xml', href: '/api/feeds/departments/sc.rss' },
          { type: 'application/atom+xml', href: '/api/feeds/departments/sc.atom' },
        ]),
      );
      await checkPage(page, `feeds-department-search-${viewport}`);

      // What a feed reader gets, and the first item's link followed in a signed-out browser.
      const feed = await (await page.request.get(atomHref!)).text();
      const entryLink = /<entry>[\s\S]*?<link href="([^"]+)"/.exec(feed)?.[1];
      expect(entryLink).toMatch(/\/policy\/\d+\/preview$/);
      const entryPath = new URL(entryLink!).pathname;
      await page.goto(`${baseUrl()}${entryPath}`);
      await page.getByTestId('subscribe-call').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(entryPath);
      expect(await page.getByTestId('toast').filter({ hasText: 'Authentication required' }).count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
      await checkPage(page, `feeds-policy-preview-${viewport}`);
      await context.close();
    });
  }

  it('are listed in the Help Center, each department with its RSS and Atom feeds', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/help-center');
    const list = page.getByTestId('department-feed-list');
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(14);
    expect(await list.getByRole('link', { name: 'Atom feed of Ministry of Industry and Information Technology' }).getAttribute('href')).toBe('/api/feeds/departments/miit.atom');
    const rss = await page.request.get((await list.getByRole('link', { name: 'RSS feed of Ministry of Industry and Information Technology' }).getAttribute('href'))!);
    expect(rss.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    await context.close();
  });
});
