import { addDays } from 'date-fns';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { unsubscribe } from '../../api/alerts/unsubscribe.ts';
import { hashPassword } from '../../api/auth/password.ts';
import { createDatabase } from '../../db/client.ts';
import { notificationPreferences, savedSearches, subscriptions } from '../../db/schema/index.ts';
import { createPolicy, createUser } from '../../db/testing.ts';
import { checkPage, demoPassword, expectToast, signIn } from './account-helpers.ts';
import { baseUrl, launchBrowser, newContext } from './browser.ts';

/**
 * Saved searches (issue 32): a subscriber saves the dashboard's search with its filters, finds it
 * in the Saved Searches panel, renames it, reads its private feed with a feed token made on the
 * account page, removes the token, and saves notification preferences. Each viewport works on its own subscriber and
 * a policy with a marker in its title.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Quokka${Date.now().toString(36)}`;
const policyTitle = `${marker} pilot plan for centralised drug procurement`;

beforeAll(async () => {
  browser = await launchBrowser();
  await createPolicy(database.db, { title: policyTitle, description: 'Volume-based procurement of generic drugs in 11 cities.', departmentId: 4, publishedOn: '2019-01-01' });
  // The indexer picks the policy up from the outbox; the journeys start once search finds it (and
  // fail here, saying so, if it never does).
  await vi.waitFor(
    async () => {
      const answer = (await (await fetch(`${baseUrl()}/api/search?q=${marker}`)).json()) as { total: number };
      expect(answer.total).toBe(1);
    },
    { timeout: 60_000, interval: 250 },
  );
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

async function subscriberPage(viewport: 'desktop' | 'mobile'): Promise<{ page: Page; userId: number }> {
  const email = `saver.${viewport}.${marker.toLowerCase()}@example.com`;
  const user = await createUser(database.db, { email, username: email, name: 'Sam Saver', passwordHash: await hashPassword(demoPassword) });
  const now = new Date();
  await database.db.insert(subscriptions).values({ userId: user.id, provider: 'local', providerSubscriptionId: `local_sub_${user.id}`, status: 'active', currentPeriodStart: now, currentPeriodEnd: addDays(now, 30) });
  const page = await (await newContext(browser, viewport)).newPage();
  await signIn(page, email);
  return { page, userId: user.id };
}

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`saved searches (${viewport})`, () => {
    it('saves the dashboard search with its filters, renames it, reads its feed and saves notification preferences', async () => {
      const { page, userId } = await subscriberPage(viewport);
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-search-input').fill(marker);

      // The State Council filter, from the bar (desktop) or the Filter sheet (phone).
      if (viewport === 'desktop') {
        await page.getByRole('button', { name: /^Departments/ }).click();
        await page.getByRole('group', { name: 'Departments' }).getByRole('checkbox', { name: /^SC\b/ }).check();
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: 'Filter', exact: true }).click();
        await page.getByRole('dialog', { name: 'Filter' }).getByRole('group', { name: 'Departments' }).getByRole('checkbox', { name: /^SC\b/ }).check();
        await page.keyboard.press('Escape');
      }
      await page.getByTestId('dashboard-results').getByText(policyTitle).waitFor();

      await page.getByTestId('save-search').click();
      const dialog = page.getByRole('dialog', { name: 'Save search' });
      expect(await dialog.textContent()).toContain(`"${marker}" · SC`);
      await dialog.getByLabel('Name').fill(`Drug procurement ${viewport}`);
      await dialog.getByLabel('Alerts').selectOption('daily');
      await checkPage(page, `save-search-dialog-${viewport}`);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Search saved');
      const [saved] = await database.db.select().from(savedSearches).where(eq(savedSearches.userId, userId));
      expect(saved).toMatchObject({ name: `Drug procurement ${viewport}`, alert: 'daily', query: { q: marker, departments: [{ code: 'SC' }] } });

      if (viewport === 'mobile') await page.getByRole('button', { name: 'Saved Searches', exact: true }).click();
      const panel = page.getByTestId('saved-searches-panel');
      const entry = panel.getByTestId('saved-search').filter({ hasText: `Drug procurement ${viewport}` });
      await entry.waitFor();
      expect(await entry.textContent()).toContain('1 policy');
      await checkPage(page, `saved-searches-panel-${viewport}`);
      await entry.getByRole('button', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename saved search' });
      await rename.getByLabel('Name').fill(`Generic drugs ${viewport}`);
      await rename.getByRole('button', { name: 'Rename' }).click();
      await expectToast(page, 'Saved search updated');
      await panel.getByRole('button', { name: `Generic drugs ${viewport}` }).waitFor();

      // The account page: a feed token, shown once, makes the search's feed readable.
      await page.goto('/account');
      await page.getByRole('button', { name: 'Create feed token' }).click();
      await page.getByLabel('Feed token').waitFor();
      const accountEntry = page.getByTestId('saved-searches-panel').getByTestId('saved-search').filter({ hasText: `Generic drugs ${viewport}` });
      await accountEntry.getByText('RSS and Atom feeds').click();
      const feedUrl = await accountEntry.getByLabel(`RSS feed link of Generic drugs ${viewport}`).inputValue();
      expect(feedUrl).toMatch(/\/api\/feeds\/searches\/\d+\.rss\?token=[a-z2-7]{52}$/);
      const feed = await page.request.get(feedUrl);
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain(policyTitle);
      expect((await page.request.get(feedUrl.replace(/\?token=.*$/, ''))).status()).toBe(404);
      // Atom too, for the readers that prefer it.
      const atomUrl = await accountEntry.getByLabel(`Atom feed link of Generic drugs ${viewport}`).inputValue();
      expect(atomUrl).toMatch(/\/api\/feeds\/searches\/\d+\.atom\?token=[a-z2-7]{52}$/);
      const atom = await page.request.get(atomUrl);
      expect(atom.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(await atom.text()).toContain(policyTitle);
      await checkPage(page, `account-saved-searches-${viewport}`);
      // Removing the token, once confirmed, stops its feeds.
      await page.getByRole('button', { name: 'Remove feed token' }).click();
      await page.getByRole('alertdialog', { name: 'Remove your feed token?' }).getByRole('button', { name: 'Remove token' }).click();
      await expectToast(page, 'Feed token removed');
      await page.getByTestId('feed-token').getByText('You have no feed token yet.').waitFor();
      expect((await page.request.get(feedUrl)).status()).toBe(404);

      const preferences = page.getByTestId('notification-preferences');
      await preferences.getByLabel('Phone (optional)').fill('+86 10 6512 3456');
      await preferences.getByLabel('Frequency').selectOption('weekly');
      await preferences.getByRole('group', { name: 'Departments' }).getByRole('checkbox', { name: /^SC\b/ }).check();
      await preferences.getByRole('button', { name: 'Save Preferences' }).click();
      await expectToast(page, 'Success!', 'Your notification preferences have been saved.');
      const [stored] = await database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
      expect(stored).toMatchObject({ phone: '+86 10 6512 3456', frequency: 'weekly', departmentIds: [4] });
      await checkPage(page, `account-notifications-${viewport}`);

      // An e-mail's unsubscribe link mutes the preferences' alerts: the form says so, and saving them again turns them back on.
      await unsubscribe(database.db, { userId, ruleId: 'preferences' }, new Date());
      await page.reload();
      const paused = page.getByTestId('preferences-paused');
      await paused.waitFor();
      expect(await paused.textContent()).toContain('Saving your preferences turns them back on.');
      await checkPage(page, `account-notifications-paused-${viewport}`);
      await page.getByTestId('notification-preferences').getByRole('button', { name: 'Save Preferences' }).click();
      await expectToast(page, 'Success!', 'Your notification preferences have been saved.');
      await paused.waitFor({ state: 'detached' });
    });
  });
}
