import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { pendingStories } from '../../db/schema/index.ts';
import { eventually } from '../../indexer/testing.ts';
import { sourceCatalogue } from '../../api/sources/catalogue.ts';
import { startSiteServer, type SiteServer } from '../../api/sources/site-server.ts';
import { articlePage, listPage, testDocuments } from '../../api/sources/testing.ts';
import { checkPage, expectToast, signedInPage } from './account-helpers.ts';
import { launchBrowser } from './browser.ts';

/**
 * The Sources tab (issue 31): an admin previews what a government page would give, points the State
 * Council source at a site on this machine (the test stack alone may reach it), presses Run now, and
 * finds the new document as a policy. Each viewport brings a document of its own.
 */

let browser: Browser;
let site: SiteServer;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const documents = testDocuments();
const source = sourceCatalogue.find((entry) => entry.code === 'SC')!;
const listPath = '/zhengce/zuixin/home.htm';
/** A link on the list whose page is gone: the first run fails on it, the second finds it waiting for its retry. */
const gone = { path: '/zhengce/content/gone/content_1000001.htm', title: '已删除的文件', date: '2024-11-01' };
const listed: { path: string; title: string; date: string }[] = [gone];

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSiteServer();
});
afterAll(async () => {
  await browser.close();
  await site.close();
  await database.close();
});

const adminPage = (viewport: 'desktop' | 'mobile'): Promise<Page> => signedInPage(browser, viewport, 'admin@example.com');

for (const [index, viewport] of (['desktop', 'mobile'] as const).entries()) {
  describe(`the Sources tab (${viewport})`, () => {
    it('previews an article, runs a source pointed at a new list, and the new document becomes a policy', async () => {
      const document = documents[14 + index]!;
      site.pages.set(document.path, articlePage(document));
      listed.unshift(document);
      site.pages.set(listPath, listPage(listed));

      const page = await adminPage(viewport);
      await page.goto('/admin?tab=sources');
      const card = page.getByTestId(`source-${source.code}`);
      await card.waitFor();
      expect(await page.getByRole('heading', { name: /Scrapers:/ }).textContent()).toBe('Scrapers: Inactive');

      // Preview: what a run would read from the article, nothing stored.
      await page.getByLabel('Page address').fill(site.url(document.path));
      await page.getByLabel('Read as').selectOption('article');
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByTestId('preview-article');
      await preview.waitFor();
      expect(await preview.textContent()).toContain(document.title);
      expect(await preview.textContent()).toContain('Read by');
      // A page that cannot be fetched says why, in the server's words, without a raw "422:" before them.
      await page.getByLabel('Page address').fill(site.url('/no-such-page.htm'));
      await page.getByRole('button', { name: 'Preview' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'The page could not be fetched' });
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(/^The page could not be fetched: /);
      await page.getByLabel('Page address').fill(site.url(document.path));
      await page.getByRole('button', { name: 'Preview' }).click();
      await preview.waitFor();
      await checkPage(page, `admin-sources-preview-${viewport}`);
      expect(await database.db.$count(pendingStories, eq(pendingStories.url, site.url(document.path)))).toBe(0);

      // Point the source at the local list, then Run now.
      await card.getByRole('button', { name: 'Edit list pages' }).click();
      await card.getByLabel('List pages (one address a line)').fill(site.url(listPath));
      await card.getByRole('button', { name: 'Save list pages' }).click();
      await expectToast(page, `${source.name} saved`);
      await card.getByText(site.url(listPath)).waitFor();
      await card.getByRole('button', { name: 'Run now' }).click();
      await expectToast(page, `Run of ${source.name} queued`);
      // Only the first run asks for the gone page; the second leaves it alone while it waits for its retry.
      const lastRun = index === 0 ? /^Succeeded .*1 new, 1 failure$/ : /^Succeeded .*1 new$/;
      await card.getByTestId('source-last-run').filter({ hasText: lastRun }).waitFor({ timeout: 60_000 });
      expect(await card.getByTestId('source-failing-articles').textContent()).toMatch(/^1 article failing, retried with backoff \(oldest since [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/);
      await checkPage(page, `admin-sources-run-${viewport}`);

      // The worker makes it a policy at once (AUTO_PROCESS): Policy Management finds it.
      await eventually(
        async () => {
          const [story] = await database.db.select().from(pendingStories).where(eq(pendingStories.url, site.url(document.path)));
          return story?.status === 'processed' ? story : undefined;
        },
        { what: 'the new story processed', timeoutMs: 60_000 },
      );
      await page.goto('/admin?tab=policies');
      await page.getByLabel('Search policies').fill(document.title.slice(0, 20));
      await page.getByRole('row').filter({ hasText: document.title.slice(0, 20) }).first().waitFor();
      await page.getByText(/^Showing 1 - [12] of [12]$/).waitFor();

      // /status: the scrapers' real state and each source's health.
      await page.goto('/status');
      await page.getByRole('heading', { name: 'Source Health' }).waitFor();
      expect(await page.getByRole('region', { name: 'Scraper Status' }).textContent()).toContain('Inactive');
      expect(await page.getByTestId(`health-${source.code}`).textContent()).toContain('OK');
      await checkPage(page, `status-sources-${viewport}`);
      await page.context().close();
    }, 150_000);
  });
}

describe('a source whose list changed its layout (desktop)', () => {
  it('shows "Layout changed" with the list page on the Sources tab and /status, where it showed none before', async () => {
    // Real pages: a PBOC branch list of 2018 (its articles not served: no policy comes of it), then a real article page where the list was.
    const real = (file: string) => readFileSync(new URL(`../../api/sources/fixtures/real/${file}`, import.meta.url), 'utf8');
    const changing = sourceCatalogue.find((entry) => entry.code === 'NDRC')!;
    const path = '/layout/index.html';
    site.pages.set(path, { body: real('pboc-shenzhen-branch-list-2018.html') });
    const page = await adminPage('desktop');
    await page.goto('/admin?tab=sources');
    const card = page.getByTestId(`source-${changing.code}`);
    await card.getByRole('button', { name: 'Edit list pages' }).click();
    await card.getByLabel('List pages (one address a line)').fill(site.url(path));
    await card.getByRole('button', { name: 'Save list pages' }).click();
    await expectToast(page, `${changing.name} saved`);
    await card.getByRole('button', { name: 'Run now' }).click();
    await card.getByTestId('source-last-run').filter({ hasText: /^Failed .*10 failures$/ }).waitFor({ timeout: 60_000 });
    expect(await card.getByTestId('source-state').textContent()).not.toBe('Layout changed');

    site.pages.set(path, { body: real('zj-fgw-zoom.html') });
    await card.getByRole('button', { name: 'Run now' }).click();
    await card.getByTestId('source-state').filter({ hasText: /^Layout changed$/ }).waitFor({ timeout: 60_000 });
    expect(await card.textContent()).toContain(`A list page that gave links on earlier runs gives none now: ${site.url(path)}`);
    await checkPage(page, 'admin-sources-layout-changed');

    // /status shares its answer for 30 s and polls every 30 s: the new state arrives within a minute.
    await page.goto('/status');
    await page.getByTestId(`health-${changing.code}`).filter({ hasText: 'Layout changed' }).waitFor({ timeout: 70_000 });
    await page.context().close();
  }, 150_000);
});
