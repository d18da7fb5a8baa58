import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn } from './account-helpers.ts';
import { baseUrl, launchBrowser, newContext, screenshot } from './browser.ts';
import { waitForSearchIndex } from './search-helpers.ts';

/**
 * Exports as a subscriber makes them: from the detail page (PDF, then Word on Letter paper in the
 * bilingual layout), the dashboard's current search (CSV) and a collection (Excel). Each file is
 * the browser's download, read back by the program a reader would open it with.
 */

type Detail = { id: number; title: string; chinese_original: string | null };

/** Clicks a menu's item and answers the file the browser saved. */
async function download(page: Page, menuItem: string): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: menuItem, exact: true }).click()]);
  return { file, bytes: await readFile((await file.path())!) };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    pages.push((await (await pdf.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return pages.join('');
}

/** The first sentence of a Chinese text, as a reader would look for it in the file. */
const firstChineseSentence = (text: string) => text.split(/[。\n]/).map((line) => line.trim()).find((line) => line.length >= 8)!;

describe('exports', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await waitForSearchIndex();
  });
  afterAll(() => browser.close());

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows a reader without Full Access and a visitor what the plan gives and the way to it, instead of a refusal after the click (${viewport})`, async () => {
      for (const who of ['reader', 'visitor'] as const) {
        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        if (who === 'reader') await signIn(page, 'reader@example.com');
        const exportCalls: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.endsWith('/export')) exportCalls.push(request.url());
        });
        await page.goto(who === 'reader' ? '/dashboard' : '/search');
        await page.getByTestId(who === 'reader' ? 'dashboard-results' : 'search-results').waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Export these policies' }).click();
        const offer = page.getByTestId('export-offer');
        await offer.waitFor();
        if (who === 'reader') {
          expect(await offer.textContent()).toContain('Subscribe to read more: exports are part of the Full Access plan. Start with a 7-day free trial.');
          expect(await page.getByRole('menuitem', { name: 'CSV' }).count()).toBe(0);
          await screenshot(page, `export-offer-reader-${viewport}`);
          await offer.getByRole('menuitem', { name: 'Start Free Trial' }).click();
          await page.waitForURL((url) => url.pathname === '/subscribe');
        } else {
          expect(await offer.textContent()).toContain('Sign in to export: exports are part of the Full Access plan, with a 7-day free trial.');
          await offer.getByRole('menuitem', { name: 'Sign In' }).click();
          await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/search');
        }
        expect(exportCalls).toEqual([]);
        expect(await page.getByText('Export failed').count()).toBe(0);
        await context.close();
      }
    });

    it(`exports a policy as PDF and Word from its page (${viewport})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signIn(page, 'subscriber@example.com');
      const { policies } = (await (await page.request.get('/api/search?pageSize=10')).json()) as { policies: { id: number }[] };
      const detail = (await (await page.request.get(`/api/policies/${policies[0]!.id}`)).json()) as Detail;
      const sentence = firstChineseSentence(detail.chinese_original!);

      await page.goto(`/policy/${detail.id}`);
      await page.getByRole('button', { name: 'Export PDF' }).waitFor({ timeout: 15_000 });
      await checkPage(page, `export-policy-${viewport}`);
      await page.getByRole('button', { name: 'Export PDF' }).click();
      await page.getByRole('menuitem', { name: 'Word' }).waitFor();
      await screenshot(page, `export-policy-menu-${viewport}`);
      const pdf = await download(page, 'PDF');
      expect(pdf.file.suggestedFilename()).toMatch(/\.pdf$/);
      const text = (await pdfText(pdf.bytes)).replace(/\s+/g, '');
      expect(text).toContain(detail.title.replace(/\s+/g, ''));
      expect(text).toContain(sentence.replace(/\s+/g, ''));

      await page.getByRole('button', { name: 'Export PDF' }).click();
      await page.getByRole('menuitemradio', { name: 'Letter' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Bilingual layout (English and Chinese)' }).click();
      const word = await download(page, 'Word');
      expect(word.file.suggestedFilename()).toMatch(/\.docx$/);
      const html = (await mammoth.convertToHtml({ buffer: word.bytes })).value;
      expect(html).toContain('<table>');
      expect(html).toContain(sentence);
      await context.close();
    });

    it(`exports the dashboard's search as CSV and a collection as Excel (${viewport})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signIn(page, 'subscriber@example.com');
      await page.goto('/dashboard');
      const search = (await (await page.request.get('/api/search?q=tax')).json()) as { total: number };
      expect(search.total).toBeGreaterThan(0);
      await page.getByTestId('dashboard-search-input').fill('tax');
      // The export is of the search on screen: once the dashboard shows the query's results.
      await page.getByTestId('pagination').getByText(new RegExp(`of ${search.total}$`)).waitFor({ timeout: 15_000 });

      await checkPage(page, `export-dashboard-${viewport}`);
      await page.getByRole('button', { name: 'Export these policies' }).click();
      await page.getByRole('menuitem', { name: 'Excel' }).waitFor();
      await screenshot(page, `export-dashboard-menu-${viewport}`);
      const csv = await download(page, 'CSV');
      expect(csv.file.suggestedFilename()).toMatch(/^Policies tax \d{4}-\d{2}-\d{2}\.csv$/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parse(csv.bytes, { bom: true, columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(search.total);

      // A collection of two policies, made through the API as the bookmark menu makes it.
      const name = `Export watch ${viewport} ${Date.now()}`;
      const post = (path: string, data: unknown) => page.request.post(path, { headers: { Origin: baseUrl() }, data });
      const collection = (await (await post('/api/collections', { name })).json()) as { id: number };
      const ids = rows.slice(0, 2).map((row) => Number(row.ID));
      for (const policyId of ids) expect((await post('/api/collections/add-policy', { collectionId: collection.id, policyId })).status()).toBe(201);
      await page.reload();
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Collections', exact: true }).click();
      await page.getByRole('button', { name: `Export collection ${name}` }).click();
      const excel = await download(page, 'Excel');
      expect(excel.file.suggestedFilename()).toBe(`${name}.xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(excel.bytes).buffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(3);
      expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value].sort()).toEqual([...ids].sort());
      await context.close();
    });
  }
});
