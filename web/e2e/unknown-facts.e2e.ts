import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { policies } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { checkPage, expectToast, signIn } from './account-helpers.ts';
import { baseUrl, launchBrowser, newContext } from './browser.ts';

/**
 * What the analyser does not know stays unknown where readers look (issue 30 items 2 and 3): a
 * document that gave no date reads "Date unknown (received …)" on its card and page, never as news
 * of the day it arrived; an issuer nothing named reads "Unidentified issuer", not the State
 * Council's badge. An admin who sets the date and names the department clears both, and the
 * subscriber's card follows.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Quokka${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
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

/** Waits until the search index holds the policy as it is now stored (the indexer follows the outbox). */
async function searchable(id: number, title: string, check: (card: { time: string; dateKnown?: boolean; departmentCode: string | null }) => boolean) {
  await expect
    .poll(
      async () => {
        const answer = (await (await fetch(`${baseUrl()}/api/search?q=${encodeURIComponent(title)}`)).json()) as {
          policies: { id: number; time: string; dateKnown?: boolean; departmentCode: string | null }[];
        };
        const card = answer.policies.find((entry) => entry.id === id);
        return card !== undefined && check(card);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`unknown date and issuer (${viewport})`, () => {
    it('are said on the card and the page, and an admin who fills them in clears them', async () => {
      const title = `${marker} ${viewport} statement on the annual statistical report`;
      const { id } = await createPolicy(database.db, {
        title,
        // The fallback department and the received date, as the analyser stores what it could not find.
        departmentId: 4,
        publishedOn: '2026-11-20',
        dateKnown: false,
        issuerIdentified: false,
        englishTranslation: 'All units shall submit their annual data on time and ensure it is true and accurate.',
      });
      await searchable(id, title, (card) => card.dateKnown === false && card.departmentCode === null);

      const reader = await pageAs(viewport, 'subscriber@example.com');
      await reader.goto(`/dashboard?q=${encodeURIComponent(title)}`);
      const card = reader.getByTestId('policy-card').filter({ hasText: title });
      await card.waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('policy-date').textContent()).toBe('Date unknown (received Nov 20, 2026)');
      expect(await card.getByTestId('unidentified-issuer').textContent()).toBe('Unidentified issuer');
      await checkPage(reader, `unknown-facts-card-${viewport}`);

      await reader.goto(`/policy/${id}`);
      await reader.getByRole('heading', { level: 1, name: title }).waitFor();
      await reader.getByText('Date unknown (received Nov 20, 2026)').waitFor();
      await reader.getByTestId('unidentified-issuer').waitFor();
      await checkPage(reader, `unknown-facts-policy-${viewport}`);

      // The admin sees why in the editor, and fills both in.
      const admin = await pageAs(viewport, 'admin@example.com');
      await admin.goto('/admin?tab=policies');
      await admin.getByLabel('Search policies').fill(title);
      await admin.getByText('Showing 1 - 1 of 1').waitFor();
      await admin.getByRole('button', { name: `Edit policy ${id}` }).click();
      const editor = admin.getByRole('dialog', { name: 'Edit Policy' });
      await editor.getByTestId('date-unknown-note').waitFor();
      await editor.getByTestId('issuer-unidentified-note').waitFor();
      expect(await editor.getByLabel('Department').inputValue()).toBe('0');
      await checkPage(admin, `unknown-facts-editor-${viewport}`);
      await editor.getByLabel('Date', { exact: true }).fill('14/05/2020');
      await editor.getByLabel('Date', { exact: true }).press('Enter');
      await editor.getByLabel('Department').selectOption({ label: '3 NBS: National Bureau of Statistics' });
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(admin, 'Policy updated');
      const [stored] = await database.db.select().from(policies).where(eq(policies.id, id));
      expect(stored).toMatchObject({ dateKnown: true, issuerIdentified: true, departmentId: 3, publishedOn: '2020-05-14' });

      await searchable(id, title, (found) => found.dateKnown === undefined && found.departmentCode === 'NBS');
      await reader.goto(`/dashboard?q=${encodeURIComponent(title)}`);
      await card.getByText('NBS', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('policy-date').textContent()).toBe('May 14, 2020');
      await reader.context().close();
      await admin.context().close();
    });
  });
}
