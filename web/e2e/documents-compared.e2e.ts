import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { refreshDocumentLinks } from '../../db/document-links.ts';
import { chinaDay } from '../../db/effectiveness.ts';
import { pendingStories, storyOtherSources } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { checkPage, signIn } from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';

/**
 * One document from two sites, and what changed between two versions (issue 42 items 4 and 5): a
 * subscriber opens a real regulation (the Invoice Measures as revised in 2019) published at two
 * addresses and sees both; "Compare with the 2023 version" opens the comparison, its removed and
 * changed articles marked, readable at 1280 and 390 px.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Numbat${Date.now().toString(36)}`;
const text = (file: string) => readFileSync(new URL(`../../api/policies/fixtures/versions/${file}`, import.meta.url), 'utf8');
const gov = `https://www.gov.cn/zhengce/${marker}/invoice-measures.htm`;
const npc = `https://flk.npc.gov.cn/${marker}/invoice-measures.html`;
let older: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const chineseTitle = `${marker}中华人民共和国发票管理办法`;
  const common = { departmentId: 2, chineseTitle, englishTranslation: 'The Measures govern the printing, use and keeping of invoices.' };
  older = (await createPolicy(database.db, { ...common, title: `${marker} Invoice Measures (2019 revision)`, publishedOn: '2019-03-02', chineseOriginal: text('invoice-measures-2019.md'), sourceUrl: gov })).id;
  const newer = (await createPolicy(database.db, { ...common, title: `${marker} Invoice Measures (2023 revision)`, publishedOn: '2023-07-20', chineseOriginal: text('invoice-measures-2023.md') })).id;
  // As savePolicy would when each arrived: the later version of the title replaces the earlier (the link "Compare with" reads).
  await database.db.transaction((tx) => refreshDocumentLinks(tx, [older, newer], chinaDay(new Date())));
  // As the intake leaves a document a second site published: the story that made the policy, and the other address beside it.
  const [story] = await database.db.insert(pendingStories).values({ title: chineseTitle, url: gov, status: 'processed', policyId: older, producer: 'source', source: 'SC', fetchedAt: new Date() }).returning();
  await database.db.insert(storyOtherSources).values({ url: npc, storyId: story!.id, source: 'NPC', fetchedAt: new Date() });
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

async function pageAs(viewport: 'desktop' | 'mobile', email: string): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  await signIn(page, email);
  return page;
}

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`a document from two sites, compared with its revision (${viewport})`, () => {
    it('shows both addresses, and the comparison marks what the revision removed and changed', async () => {
      const reader = await pageAs(viewport, 'subscriber@example.com');
      await reader.goto(`/policy/${older}`);
      await reader.getByRole('heading', { level: 1, name: `${marker} Invoice Measures (2019 revision)` }).waitFor();
      const alsoAt = reader.getByTestId('also-published-at');
      expect(await alsoAt.textContent()).toContain('Also published at');
      expect(await alsoAt.getByRole('link').getAttribute('href')).toBe(npc);
      expect(await fitsTheScreen(reader)).toBe(true);
      await checkPage(reader, `document-two-sites-${viewport}`);

      await reader.getByRole('link', { name: 'Compare with the 2023 version' }).click();
      await reader.getByRole('heading', { level: 1, name: 'What changed' }).waitFor();
      expect(await reader.getByTestId('comparison-counts').textContent()).toMatch(/^\d+ articles changed, 0 added, 2 removed$/);
      const removed = reader.locator('li[data-change="removed"]').filter({ hasText: '第十八条' });
      expect(await removed.textContent()).toContain('提供保证人');
      const second = reader.locator('li[data-change="changed"]').filter({ hasText: '第二条' }).first();
      expect(await second.locator('del').allTextContents()).toEqual(['领购']);
      expect(await second.locator('ins').allTextContents()).toEqual(['领用']);
      // A renumbered article shows both numbers.
      await reader.getByText('第二十二条 → 第二十一条').first().waitFor();
      expect(await fitsTheScreen(reader)).toBe(true);
      await checkPage(reader, `comparison-${viewport}`);
    });
  });
}
