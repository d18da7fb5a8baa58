import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { regulationEnglish } from '../../api/processing/documents/english-openings.ts';
import { createDatabase } from '../../db/client.ts';
import { createPolicy } from '../../db/testing.ts';
import { checkPage, expectToast, signedInPage } from './account-helpers.ts';
import { launchBrowser } from './browser.ts';

/**
 * The editors' versions of our English text compared (issue 42 item 5): an admin corrects a word
 * of a real regulation's English and adds its last article, then compares the version before with
 * the current one in History, paragraph by paragraph, the changed words marked.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Wombat${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

const adminPage = (viewport: 'desktop' | 'mobile'): Promise<Page> => signedInPage(browser, viewport, 'admin@example.com');
const lastArticle = 'Article 72 These Regulations take effect on 1 January 2020.';

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`comparing the English text's versions (${viewport})`, () => {
    it('shows what an editor changed in the English text since an earlier version', async () => {
      const { id } = await createPolicy(database.db, { title: `${marker} ${viewport} Regulations on Optimizing the Business Environment`, englishTranslation: regulationEnglish });
      const page = await adminPage(viewport);
      await page.goto('/admin?tab=policies');
      await page.getByLabel('Search policies').fill(`${marker} ${viewport}`);
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      await page.getByRole('button', { name: `Edit policy ${id}` }).click();
      let editor = page.getByRole('dialog', { name: 'Edit Policy' });
      await editor.getByRole('tab', { name: 'Original Content and Translation' }).click();
      const english = editor.getByLabel('English Translation');
      await english.fill(`${regulationEnglish.replace('free and develop', 'liberate and develop')}\n${lastArticle}`);
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Policy updated');

      await page.getByRole('button', { name: `Edit policy ${id}` }).click();
      editor = page.getByRole('dialog', { name: 'Edit Policy' });
      await editor.getByRole('tab', { name: 'History' }).click();
      const earlier = editor.getByTestId('policy-version').filter({ hasText: 'Before version history' });
      await earlier.getByRole('button', { name: 'Compare with current' }).click();
      const comparison = editor.getByTestId('translation-comparison');
      await comparison.getByTestId('translation-comparison-counts').waitFor();
      expect(await comparison.getByRole('heading').textContent()).toBe('English text: version 1 compared with version 2');
      expect(await comparison.getByTestId('translation-comparison-counts').textContent()).toBe('1 paragraph changed, 1 added, 0 removed');
      const changed = comparison.locator('[data-change="changed"]');
      expect(await changed.locator('del').allTextContents()).toEqual(['free']);
      expect(await changed.locator('ins').allTextContents()).toEqual(['liberate']);
      expect(await changed.textContent()).toContain('Paragraph 5');
      expect(await comparison.locator('[data-change="added"]').textContent()).toContain(lastArticle);
      await checkPage(page, `translation-versions-compared-${viewport}`);

      await comparison.getByLabel(/Show the \d+ unchanged parts/).check();
      expect(await comparison.locator('[data-change="same"]').count()).toBe(regulationEnglish.split('\n').length - 1);
    });
  });
}
