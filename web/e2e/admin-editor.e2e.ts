import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { generatePolicy } from '../../db/demo-data.ts';
import { policies } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { checkPage, expectToast, signedInPage } from './account-helpers.ts';
import { launchBrowser } from './browser.ts';

/**
 * The policy editor and reprocessing as an admin trusts them (issue 30 items 1, 8 and 10): edits
 * are never lost without asking, each field says what is wrong with it, and a reprocessing says
 * what it will change before it does. Each journey works on policies it creates.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Numbat${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

const adminPage = (viewport: 'desktop' | 'mobile'): Promise<Page> => signedInPage(browser, viewport, 'admin@example.com');

async function openEditor(page: Page, id: number, search: string) {
  await page.goto('/admin?tab=policies');
  await page.getByLabel('Search policies').fill(search);
  await page.getByText('Showing 1 - 1 of 1').waitFor();
  await page.getByRole('button', { name: `Edit policy ${id}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Policy' });
  await editor.getByLabel('Title', { exact: true }).waitFor();
  return editor;
}

const stored = async (id: number) => (await database.db.select().from(policies).where(eq(policies.id, id)))[0]!;

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`the policy editor (${viewport})`, () => {
    it('asks before discarding unsaved edits on Escape, ×, Cancel, the overlay and leaving the page', async () => {
      const title = `${marker} ${viewport} discard original`;
      const { id } = await createPolicy(database.db, { title });
      const page = await adminPage(viewport);
      let editor = await openEditor(page, id, `${marker} ${viewport} discard`);
      const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

      // Nothing changed: Escape closes at once.
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });

      editor = await openEditor(page, id, `${marker} ${viewport} discard`);
      await editor.getByLabel('Title', { exact: true }).fill(`${title} edited`);
      await page.keyboard.press('Escape');
      await discard.waitFor();
      await checkPage(page, `admin-editor-discard-${viewport}`);
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'detached' });
      expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe(`${title} edited`);

      await editor.getByRole('button', { name: 'Close' }).click();
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      // The overlay: a click beside the editor, halfway down its left edge (the toasts' region sits at the top).
      const box = (await editor.boundingBox())!;
      await page.mouse.click(box.x / 2, box.y + box.height / 2);
      await discard.getByRole('button', { name: 'Keep editing' }).click();

      // Leaving the page asks the browser's own question while the draft is unsaved.
      const leaving = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const question = await leaving;
      expect(question.type()).toBe('beforeunload');
      await question.dismiss();
      expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe(`${title} edited`);

      await editor.getByRole('button', { name: 'Cancel' }).click();
      await discard.getByRole('button', { name: 'Discard' }).click();
      await editor.waitFor({ state: 'detached' });
      expect((await stored(id)).title).toBe(title);
      await page.context().close();
    });

    it('checks each field as it is typed, with the message under it, and saves only what passes', async () => {
      const { id } = await createPolicy(database.db, { title: `${marker} ${viewport} fields`, impact: 4, description: 'Measures for numbat habitats.' });
      const page = await adminPage(viewport);
      const editor = await openEditor(page, id, `${marker} ${viewport} fields`);
      const impact = editor.getByLabel('Impact Score');
      const message = async (field: ReturnType<Page['getByLabel']>) => {
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        const describedBy = await field.getAttribute('aria-describedby');
        return page.locator(`[id="${describedBy}"]`).textContent();
      };

      for (const typed of ['5.5', '1e1', '']) {
        await impact.fill(typed);
        expect(await message(impact), `impact "${typed}"`).toBe('Importance must be a whole number from 1 to 10');
      }
      await editor.getByLabel('Description').fill('');
      expect(await message(editor.getByLabel('Description'))).toBe('Description must not be empty');
      await editor.getByLabel('Source URL').fill('www.gov.cn/notice');
      expect(await message(editor.getByLabel('Source URL'))).toBe('Source URL must be a web address starting with http:// or https://');
      await checkPage(page, `admin-editor-validation-${viewport}`);

      // Save with errors: nothing is sent, the editor stays on Basic Information.
      await editor.getByRole('tab', { name: 'Tags and Industry Classification' }).click();
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await editor.getByText('Importance must be a whole number from 1 to 10').waitFor();
      expect(await stored(id)).toMatchObject({ impact: 4, description: 'Measures for numbat habitats.' });

      await impact.fill('7');
      expect(await impact.getAttribute('aria-invalid')).toBe('false');
      expect(await impact.getAttribute('aria-describedby')).toBeNull();
      await editor.getByLabel('Description').fill('Measures for numbat habitats, revised.');
      const sourceUrl = `https://www.gov.cn/notice/${marker}-${viewport}`;
      await editor.getByLabel('Source URL').fill(sourceUrl);
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Policy updated');
      expect(await stored(id)).toMatchObject({ impact: 7, description: 'Measures for numbat habitats, revised.', sourceUrl });
      await page.context().close();
    });
  });

  describe(`reprocessing (${viewport})`, () => {
    it('asks for confirmation naming what the analyser will change and keep, and keeps the English work', async () => {
      // A demo policy as `make dev` seeds it: English text, key points, analysis and six tags.
      const demo = generatePolicy(42, 6);
      const title = `${marker} ${viewport} reprocess ${demo.title}`;
      const { id } = await createPolicy(database.db, {
        title,
        description: demo.description,
        publishedOn: demo.publishedOn,
        departmentId: demo.departmentId,
        impact: demo.impact,
        sourceUrl: `${demo.sourceUrl}?copy=${marker}-${viewport}`,
        chineseOriginal: demo.chineseOriginal,
        englishTranslation: demo.englishTranslation,
        fullContent: demo.fullContent,
        industryIds: demo.industries.map((industry) => industry.industryId),
        topicIds: demo.topics.map((topic) => topic.topicId),
      });
      const page = await adminPage(viewport);
      await page.goto('/admin?tab=policies');
      await page.getByLabel('Search policies').fill(`${marker} ${viewport} reprocess`);
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      await page.getByRole('button', { name: `Reprocess policy ${id}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Reprocess 1 policy?' });
      await confirm.getByText('The analyser will change:').waitFor();
      const said = await confirm.textContent();
      expect(said).toContain(`importance ${demo.impact} → `);
      expect(said).toMatch(/it will keep: .*English translation/);
      expect(said).toMatch(/it will keep: .*key points/);
      expect(said).toMatch(/it will keep: .*analysis/);
      await checkPage(page, `admin-reprocess-confirm-${viewport}`);

      // Cancel does nothing; Reprocess queues it.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Reprocess policy ${id}` }).click();
      await confirm.getByRole('button', { name: 'Reprocess' }).click();
      await expectToast(page, 'Policy reprocessing initiated');
      await expect.poll(async () => (await stored(id)).importanceReasons.length, { timeout: 60_000 }).toBeGreaterThan(0);
      const after = await stored(id);
      expect(after).toMatchObject({ title, description: demo.description, englishTranslation: demo.englishTranslation });
      expect(after.fullContent).toMatchObject({ key_points: demo.fullContent.key_points, analysis: demo.fullContent.analysis });

      // What the analyser changed can be undone: History restores the version before it.
      const editor = await openEditor(page, id, `${marker} ${viewport} reprocess`);
      await editor.getByRole('tab', { name: 'History' }).click();
      const versions = editor.getByTestId('policy-version');
      await versions.nth(1).waitFor();
      expect(await versions.nth(0).textContent()).toContain('Reprocessed by the analyser');
      await checkPage(page, `admin-reprocess-history-${viewport}`);
      await versions.nth(1).getByRole('button', { name: 'Restore this version' }).click();
      await expectToast(page, 'Version 1 restored');
      const restored = await stored(id);
      expect(restored.impact).toBe(demo.impact);
      expect(restored.importanceReasons).toEqual([]);
      expect(restored).toMatchObject({ title, description: demo.description, englishTranslation: demo.englishTranslation });
      await page.context().close();
    });
  });
}
