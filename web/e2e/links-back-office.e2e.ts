import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { policies, policyLinks } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { checkPage, expectToast, signedInPage } from './account-helpers.ts';
import { launchBrowser } from './browser.ts';

/**
 * The back office's links between documents (issue 42 item 2): an editor confirms a link the
 * reading of texts proposed, and the reader's page shows it; an editor adds a link by hand to a
 * policy found by its document number, and removes it. On make dev's real linked documents
 * (db/linked-documents.ts).
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Quokka${Date.now().toString(36)}`;
const law2009Title = 'Statistics Law of the People’s Republic of China (2009 revision)';
const law2024Title = 'Statistics Law of the People’s Republic of China (2024 amendment)';
const fxTitle = 'Regulations of the People’s Republic of China on Foreign Exchange Administration (2008 revision)';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

async function policyIdOf(title: string): Promise<number> {
  const [row] = await database.db.select({ id: policies.id }).from(policies).where(eq(policies.title, title)).orderBy(policies.id).limit(1);
  if (!row) throw new Error(`the demo has no policy titled ${title}`);
  return row.id;
}

/** The 2024 law replacing the 2009 one, left open as the reader leaves it when two versions' issuers differ. */
async function proposeReplacement(): Promise<void> {
  const [law2009, law2024] = [await policyIdOf(law2009Title), await policyIdOf(law2024Title)];
  const updated = await database.db
    .update(policyLinks)
    .set({ state: 'proposed', createdBy: null })
    .where(and(eq(policyLinks.fromPolicyId, law2024), eq(policyLinks.toPolicyId, law2009), eq(policyLinks.kind, 'replaces')))
    .returning({ id: policyLinks.id });
  expect(updated).toHaveLength(1);
}

const adminPage = (viewport: 'desktop' | 'mobile'): Promise<Page> => signedInPage(browser, viewport, 'admin@example.com');

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`links in the back office (${viewport})`, () => {
    it('confirms a proposed link, and the reader’s page of the older version then says what replaced it', async () => {
      await proposeReplacement();
      const page = await adminPage(viewport);
      const law2009 = await policyIdOf(law2009Title);
      await page.goto(`/policy/${law2009}`);
      await page.getByRole('heading', { level: 1, name: law2009Title }).waitFor();
      expect(await page.getByTestId('document-links').getByText('Replaced by', { exact: true }).count()).toBe(0);

      await page.goto('/admin?tab=links');
      const proposed = page.getByTestId('proposed-link').filter({ hasText: law2009Title });
      await proposed.waitFor();
      expect(await proposed.getByRole('link', { name: law2024Title }).isVisible()).toBe(true);
      expect(await proposed.textContent()).toContain('Replaces');
      expect(await proposed.textContent()).toContain('Two versions of one title');
      expect(await proposed.textContent()).toContain('(Jun 27, 2009)');
      await checkPage(page, `links-proposed-${viewport}`);
      await proposed.getByRole('button', { name: 'Confirm' }).click();
      await expectToast(page, 'Link confirmed');
      await proposed.waitFor({ state: 'detached' });

      await page.goto(`/policy/${law2009}`);
      const links = page.getByTestId('document-links');
      await links.getByText('Replaced by', { exact: true }).waitFor();
      expect(await links.getByRole('link', { name: law2024Title }).isVisible()).toBe(true);
    });

    it('adds a link by hand to a policy found by its document number, which the reader’s page shows, and removes it', async () => {
      // The 2008 FX regulation's real text as a second site publishes it: one document, two policies.
      const text = readFileSync(new URL('../../db/linked-documents/foreign-exchange-administration-regulations-2008.txt', import.meta.url), 'utf8');
      const copyTitle = `${marker} ${viewport} Foreign Exchange Administration Regulations from a second site`;
      const { id: copyId } = await createPolicy(database.db, { title: copyTitle, departmentId: 5, publishedOn: '2008-08-05', chineseOriginal: text });
      const page = await adminPage(viewport);
      await page.goto('/admin?tab=policies');
      await page.getByLabel('Search policies').fill(`${marker} ${viewport}`);
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      await page.getByRole('button', { name: `Edit policy ${copyId}` }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Policy' });
      await editor.getByRole('tab', { name: 'Links' }).click();
      await editor.getByText('No links yet.').waitFor();

      await editor.getByLabel('This policy', { exact: true }).selectOption({ label: 'Same document' });
      await editor.getByLabel('Other policy').fill('国务院令第532号');
      const add = editor.getByRole('button', { name: `Add link: Same document ${fxTitle}` });
      await add.waitFor();
      await checkPage(page, `links-editor-add-${viewport}`);
      await add.click();
      await expectToast(page, 'Link added');
      const link = editor.getByTestId('policy-link').filter({ hasText: fxTitle });
      await link.waitFor();
      expect(await link.textContent()).toContain('Added by an editor');

      const reader = await adminPage(viewport);
      await reader.goto(`/policy/${copyId}`);
      const links = reader.getByTestId('document-links');
      await links.getByText('Same document', { exact: true }).waitFor();
      expect(await links.getByRole('link', { name: fxTitle }).isVisible()).toBe(true);

      await link.getByRole('button', { name: `Remove link: Same document ${fxTitle}` }).click();
      await expectToast(page, 'Link removed');
      await editor.getByText('No links yet.').waitFor();
      await reader.reload();
      await reader.getByTestId('document-links').waitFor();
      expect(await reader.getByTestId('document-links').getByText('Same document', { exact: true }).count()).toBe(0);
    });
  });
}
