import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signedInPage, waitForPath } from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';
import { waitForSearchIndex } from './search-helpers.ts';

/**
 * Analytics as a subscriber reads them, at 1280 and 390 px: the Analytics page's charts, a chart's
 * table view whose numbers open the dashboard listing exactly that many policies, a click on a
 * bar doing the same, the exports of a chart's numbers (CSV) and picture (SVG), and a department's page.
 */

/** The total the dashboard's pagination bar says ("Showing 1 to 20 of 57"), once its search has answered. */
async function dashboardTotal(page: Page): Promise<number> {
  const showing = page.getByTestId('pagination').getByText(/^Showing \d+ to \d+ of \d+$/);
  await showing.waitFor({ timeout: 15_000 });
  return Number((await showing.textContent())!.split(' ').at(-1));
}

/** The dashboard opened by a count lists that many policies (its search may still be answering when it first draws). */
async function expectDashboardTotal(page: Page, count: number): Promise<void> {
  await waitForPath(page, '/dashboard');
  await expect.poll(() => dashboardTotal(page), { timeout: 15_000 }).toBe(count);
}

describe('analytics', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await waitForSearchIndex();
  });
  afterAll(() => browser.close());

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`reads the Analytics page, its table view and exports, and opens a count's policies (${viewport})`, async () => {
      const page = await signedInPage(browser, viewport, 'subscriber@example.com');
      await page.goto('/');
      await page.getByRole('link', { name: 'Analytics' }).first().click();
      await waitForPath(page, '/analytics');
      const chart = page.getByRole('figure', { name: 'Policies per month, by department' });
      await chart.locator('svg.recharts-surface').first().waitFor({ timeout: 15_000 });
      await page.getByRole('figure', { name: 'Topics: rising and falling' }).waitFor();
      await page.getByRole('figure', { name: 'Importance distribution' }).waitFor();
      await checkPage(page, `analytics-${viewport}`);

      // The chart's numbers as CSV: one row a month, one column a department.
      const [csvFile] = await Promise.all([page.waitForEvent('download'), chart.getByRole('button', { name: 'Download CSV' }).click()]);
      const rows = parse((await readFile((await csvFile.path())!, 'utf8')).replace(/^\ufeff/, ''), { columns: true }) as Record<string, string>[];
      expect(rows.length).toBeGreaterThanOrEqual(12);
      expect(Object.keys(rows[0]!)[0]).toBe('Period');
      // Its picture as SVG.
      const [svgFile] = await Promise.all([page.waitForEvent('download'), chart.getByRole('button', { name: 'Download SVG' }).click()]);
      expect(svgFile.suggestedFilename()).toBe('policies-per-month-by-department.svg');
      expect(await readFile((await svgFile.path())!, 'utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

      // The table view holds the CSV's numbers; the busiest cell opens the dashboard listing that many.
      await chart.getByRole('button', { name: 'Show table' }).click();
      const cells = chart.getByRole('table').getByRole('button');
      await cells.first().waitFor();
      await checkPage(page, `analytics-table-${viewport}`);
      const counts = await cells.allTextContents();
      const csvCounts = rows.flatMap((row) => Object.entries(row).filter(([column]) => column !== 'Period').map(([, count]) => count));
      expect(counts.map((count) => count.replace(/,/g, ''))).toEqual(csvCounts);
      const busiest = counts.map((count) => Number(count.replace(/,/g, ''))).reduce((best, count, index, all) => (count > all[best]! ? index : best), 0);
      const clicked = Number(counts[busiest]!.replace(/,/g, ''));
      expect(clicked).toBeGreaterThan(0);
      await cells.nth(busiest).click();
      await expectDashboardTotal(page, clicked);
    }, 120_000);

    it(`reads a department's page and opens the policies of a bar it clicks (${viewport})`, async () => {
      const page = await signedInPage(browser, viewport, 'subscriber@example.com');
      await page.goto('/departments/CSRC');
      await page.getByRole('heading', { level: 1, name: 'China Securities Regulatory Commission' }).waitFor({ timeout: 15_000 });
      const chart = page.getByRole('figure', { name: 'Policies per month' });
      await chart.locator('.recharts-bar-rectangle').first().waitFor({ timeout: 15_000 });
      await page.getByRole('figure', { name: 'Top topics' }).waitFor();
      await page.getByRole('heading', { name: 'Latest important policies' }).waitFor();
      expect(await page.getByRole('link', { name: 'RSS feed' }).getAttribute('href')).toMatch(/\/api\/feeds\/departments\/CSRC\.rss$/);
      await page.getByRole('button', { name: 'Follow CSRC' }).waitFor();
      await checkPage(page, `department-${viewport}`);

      // The bars' numbers, from the table view, then a click on the last bar of the chart.
      await chart.getByRole('button', { name: 'Show table' }).click();
      const counts = (await chart.getByRole('table').getByRole('button').allTextContents()).map((count) => Number(count.replace(/,/g, '')));
      await chart.getByRole('button', { name: 'Show chart' }).click();
      const bars = chart.locator('.recharts-bar-rectangle path');
      await bars.first().waitFor();
      // Recharts draws no shape for an empty period: the last drawn bar is the last non-empty month.
      const lastCount = counts.filter((count) => count > 0).at(-1)!;
      await bars.last().click();
      await expectDashboardTotal(page, lastCount);
    }, 120_000);
  }

  it('shows a visitor the numbers, and the landing page links its analytics claim to them', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Basic analytics' }).click();
    await waitForPath(page, '/analytics');
    await page.getByTestId('analytics-summary').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('analytics-summary').textContent()).toMatch(/^\d[\d,]* policies from/);
    await context.close();
  }, 60_000);
});
