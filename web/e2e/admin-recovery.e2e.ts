import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { policies } from '../../db/schema/index.ts';
import { createPolicy, createUser } from '../../db/testing.ts';
import { demoPassword } from '../../api/dev/demo-users.ts';
import { hashPassword } from '../../api/auth/password.ts';
import { checkPage, expectToast, signedInPage } from './account-helpers.ts';
import { launchBrowser } from './browser.ts';

/**
 * Undoing in the back office (issue 30): a deleted policy waits in the Trash and comes back; two
 * admins saving one policy meet a conflict instead of overwriting each other; a version is
 * restored from the editor's History. Each journey works on policies it creates (a marker in
 * their titles).
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Okapi${Date.now().toString(36)}`;
let secondAdmin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  secondAdmin = `ada.${marker.toLowerCase()}@example.com`;
  await createUser(database.db, { email: secondAdmin, username: secondAdmin, name: 'Ada Admin', role: 'admin', passwordHash: await hashPassword(demoPassword) });
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

const adminPage = (viewport: 'desktop' | 'mobile', email = 'admin@example.com'): Promise<Page> => signedInPage(browser, viewport, email);

/** Opens the editor of the policy found by `search` in Policy Management. */
async function openEditor(page: Page, search: string, id: number) {
  await page.goto('/admin?tab=policies');
  await page.getByLabel('Search policies').fill(search);
  await page.getByText('Showing 1 - 1 of 1').waitFor();
  await page.getByRole('button', { name: `Edit policy ${id}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Policy' });
  await editor.getByLabel('Title', { exact: true }).waitFor();
  return editor;
}

const storedTitle = async (id: number) => (await database.db.select({ title: policies.title }).from(policies).where(eq(policies.id, id)))[0]!.title;

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`recovery in Policy Management (${viewport})`, () => {
    it('deletes a policy to the Trash, shows who and how long, and restores it', async () => {
      const title = `${marker} ${viewport} trash notice on wetland protection`;
      const { id } = await createPolicy(database.db, { title, departmentId: 6 });
      const page = await adminPage(viewport);
      await page.goto('/admin?tab=policies');
      await page.getByLabel('Search policies').fill(`${marker} ${viewport} trash`);
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      await page.getByRole('button', { name: `Delete policy ${id}` }).click();
      expect(await page.getByRole('alertdialog').textContent()).toContain('The policy moves to the Trash');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Policy deleted');
      await page.getByText('No policies found.').waitFor();

      await page.getByRole('button', { name: 'Trash', exact: true }).click();
      const row = page.getByTestId('trash-row').filter({ hasText: title });
      await row.waitFor();
      expect(await row.textContent()).toContain('Deleted by Demo Admin');
      expect(await row.textContent()).toContain('30 days left');
      await checkPage(page, `admin-trash-${viewport}`);

      await row.getByRole('button', { name: 'Restore' }).click();
      await expectToast(page, 'Policy restored', title);
      await row.waitFor({ state: 'detached' });
      const [stored] = await database.db.select({ deletedAt: policies.deletedAt }).from(policies).where(eq(policies.id, id));
      expect(stored!.deletedAt).toBeNull();
      await page.getByRole('button', { name: 'Back to policies' }).click();
      await page.getByLabel('Search policies').fill(`${marker} ${viewport} trash`);
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      await page.context().close();
    });

    it('refuses the second of two admins saving one policy, naming who saved, then overwrites or reloads', async () => {
      const { id } = await createPolicy(database.db, { title: `${marker} ${viewport} shared draft` });
      const mine = await adminPage(viewport);
      const theirs = await adminPage(viewport, secondAdmin);
      const myEditor = await openEditor(mine, `${marker} ${viewport} shared`, id);
      const theirEditor = await openEditor(theirs, `${marker} ${viewport} shared`, id);

      await theirEditor.getByLabel('Title', { exact: true }).fill(`${marker} ${viewport} their title`);
      await theirEditor.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(theirs, 'Policy updated');

      await myEditor.getByLabel('Title', { exact: true }).fill(`${marker} ${viewport} my title`);
      await myEditor.getByRole('button', { name: 'Save Changes' }).click();
      const conflict = mine.getByRole('alertdialog', { name: 'This policy was changed while you edited it' });
      await conflict.waitFor();
      expect(await conflict.textContent()).toMatch(/Saved by Ada Admin at \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M after you opened it/);
      await checkPage(mine, `admin-edit-conflict-${viewport}`);

      if (viewport === 'desktop') {
        await conflict.getByRole('button', { name: 'Overwrite' }).click();
        await expectToast(mine, 'Policy updated');
        expect(await storedTitle(id)).toBe(`${marker} ${viewport} my title`);
      } else {
        await conflict.getByRole('button', { name: 'Reload' }).click();
        await conflict.waitFor({ state: 'detached' });
        expect(await myEditor.getByLabel('Title', { exact: true }).inputValue()).toBe(`${marker} ${viewport} their title`);
        expect(await storedTitle(id)).toBe(`${marker} ${viewport} their title`);
      }
      await mine.context().close();
      await theirs.context().close();
    });

    it('lists the versions in History and restores one, itself a new version', async () => {
      const { id } = await createPolicy(database.db, { title: `${marker} ${viewport} history first title` });
      const page = await adminPage(viewport);
      let editor = await openEditor(page, `${marker} ${viewport} history`, id);
      await editor.getByLabel('Title', { exact: true }).fill(`${marker} ${viewport} history second title`);
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Policy updated');

      editor = await openEditor(page, `${marker} ${viewport} history`, id);
      await editor.getByRole('tab', { name: 'History' }).click();
      const versions = editor.getByTestId('policy-version');
      await versions.first().waitFor();
      expect(await versions.count()).toBe(2);
      expect(await versions.nth(0).textContent()).toContain('Saved in the editor by Demo Admin');
      expect(await versions.nth(0).textContent()).toContain('Current');
      expect(await versions.nth(1).textContent()).toContain('Before version history');
      await checkPage(page, `admin-policy-history-${viewport}`);

      await versions.nth(1).getByRole('button', { name: 'Restore this version' }).click();
      await expectToast(page, 'Version 1 restored');
      await versions.nth(2).waitFor();
      expect(await versions.nth(0).textContent()).toContain('Restored version 1 by Demo Admin');
      expect(await storedTitle(id)).toBe(`${marker} ${viewport} history first title`);
      await editor.getByRole('tab', { name: 'Basic Information' }).click();
      expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe(`${marker} ${viewport} history first title`);
      await page.context().close();
    });

    it('creates a policy by hand with New Policy', async () => {
      const page = await adminPage(viewport);
      await page.goto('/admin?tab=policies');
      await page.getByRole('button', { name: 'New Policy' }).click();
      const editor = page.getByRole('dialog', { name: 'New Policy' });
      await editor.getByLabel('Title', { exact: true }).fill(`${marker} ${viewport} written by hand`);
      await editor.getByLabel('Date', { exact: true }).fill('03/02/2026');
      await editor.getByLabel('Date', { exact: true }).press('Enter');
      await editor.getByLabel('Description').fill('A notice an admin typed in.');
      await checkPage(page, `admin-new-policy-${viewport}`);
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Policy created');
      await page.getByLabel('Search policies').fill(`${marker} ${viewport} written`);
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      await page.context().close();
    });
  });
}
