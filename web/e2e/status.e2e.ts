import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, expectToast, signIn, waitForPath } from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('/status', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows the real health, the database's counts and the time, to anyone (${viewport})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto('/status');
      await page.getByTestId('system-status').filter({ hasText: 'Operational' }).waitFor();
      await page.getByTestId('stat-policies').waitFor();
      // What the page shows is the API's answer (cached 30 s per process, so read the same snapshot).
      const answer = (await (await page.request.get('/api/database-stats')).json()) as Record<string, number>;
      const shown = async (id: string) => Number((await page.getByTestId(id).textContent())!.replace(/,/g, ''));
      expect({
        policiesCount: await shown('stat-policies'),
        usersCount: await shown('stat-users'),
        collectionsCount: await shown('stat-collections'),
        pendingStoriesCount: await shown('stat-pending-stories'),
        processedStoriesCount: await shown('stat-processed-stories'),
      }).toEqual(answer);
      expect(answer.policiesCount).toBeGreaterThanOrEqual(300);
      expect(await page.getByTestId('last-update').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/);
      expect(await page.getByRole('region', { name: 'Scraper Status' }).textContent()).toContain('Inactive');
      expect(await page.locator('section', { hasText: 'Scraper Configuration' }).textContent()).toContain('Sources: 14 Chinese government websites');
      await checkPage(page, `status-${viewport}`);
      await context.close();
    });
  }
});

describe('/audit-test', () => {
  it('sends a visitor to sign in and shows a subscriber Access Denied', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/audit-test');
    await waitForPath(page, /^\/login\?redirect=%2Faudit-test/);
    await signIn(page, 'subscriber@example.com');
    await page.goto('/audit-test');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await expectToast(page, 'Access Denied', 'You need admin privileges to access this page');
    await context.close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`loads each of the 16 addresses and marks it by what came back (${viewport})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signIn(page, 'admin@example.com');
      await page.goto('/audit-test');
      const items = page.getByTestId('audit-item');
      await items.first().waitFor();
      expect(await items.count()).toBe(16);
      expect(await page.locator('section[aria-label] h2').allTextContents()).toEqual(
        expect.arrayContaining(['Navigation', 'Authentication', 'Protected Routes', 'Subscription', 'Features', 'Legal', 'Support', 'Admin']),
      );
      expect(await page.getByTestId('audit-pending').textContent()).toBe('16');

      // One address fails on the server: it must end as an error, not a success by default.
      await page.route('**/terms-of-service', (route) => route.fulfill({ status: 503, body: 'down' }));
      for (const button of await page.getByRole('button', { name: /^Test Link / }).all()) await button.click();
      await page.waitForFunction(() => document.querySelector('[data-testid="audit-pending"]')?.textContent === '0', undefined, { timeout: 20_000 });
      expect(await page.getByTestId('audit-tested').textContent()).toBe('16');
      expect(await page.getByTestId('audit-errors').textContent()).toBe('1');
      const failed = items.filter({ hasText: '/terms-of-service' });
      expect(await failed.getByTestId('audit-status').textContent()).toBe('error');
      expect(await failed.textContent()).toContain('HTTP 503');
      expect(await page.getByTestId('audit-status').filter({ hasText: 'success' }).count()).toBe(15);

      // Once the server answers again, the same button marks it a success.
      await page.unroute('**/terms-of-service');
      await page.getByRole('button', { name: 'Test Link /terms-of-service' }).click();
      await failed.getByTestId('audit-status').filter({ hasText: 'success' }).waitFor();
      expect(await page.getByTestId('audit-errors').textContent()).toBe('0');
      await checkPage(page, `audit-test-${viewport}`);
      await context.close();
    });
  }
});
