import { addDays } from 'date-fns';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../api/auth/password.ts';
import { createDatabase } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { createUser } from '../../db/testing.ts';
import { checkPage, demoPassword, expectToast, signIn, uniqueEmail } from './account-helpers.ts';
import { launchBrowser, newContext, screenshot } from './browser.ts';

/**
 * The public API from a subscriber's side (issue 34): an API key made on the account page, seen
 * once, used from a script (fetch with the key), revoked; the API's documentation page.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

/** A subscriber of their own (an active subscription, paid for a month), signed in. */
async function subscriberPage(viewport: 'desktop' | 'mobile'): Promise<Page> {
  const email = uniqueEmail(`api-${viewport}`);
  const user = await createUser(database.db, { email, username: email, name: 'Api Reader', passwordHash: await hashPassword(demoPassword) });
  const now = new Date();
  await database.db.insert(subscriptions).values({
    userId: user.id,
    provider: 'local',
    providerSubscriptionId: `local_sub_${user.id}`,
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: addDays(now, 30),
  });
  const context = await newContext(browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** A call as a subscriber's script makes it, from the page: fetch with the key, no cookie sent. */
async function callApi(page: Page, path: string, key: string | null) {
  return page.evaluate(
    async ({ path, key }) => {
      const response = await fetch(path, { credentials: 'omit', headers: key ? { Authorization: `Bearer ${key}` } : {} });
      return { status: response.status, remaining: response.headers.get('RateLimit-Remaining'), body: await response.json() };
    },
    { path, key },
  );
}

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`API keys (${viewport})`, () => {
    it('creates a key shown once, uses it against /api/v1, revokes it, and opens the documentation', async () => {
      const page = await subscriberPage(viewport);
      await page.goto('/account');
      const section = page.getByRole('region', { name: 'API Keys' });
      await section.getByText('No API keys yet.').waitFor();

      await section.getByLabel('Key name').fill(`Daily pull ${viewport}`);
      await section.getByRole('button', { name: 'Create Key' }).click();
      const shown = section.getByLabel('New API key');
      await shown.waitFor();
      const key = await shown.inputValue();
      expect(key).toMatch(/^cpt_[a-z2-7]{52}$/);
      await section.getByText("Copy it now: it won't be shown again.").waitFor();
      await section.getByRole('button', { name: 'Copy' }).click();
      await expectToast(page, 'Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      const row = section.getByTestId('api-key-row').filter({ hasText: `Daily pull ${viewport}` });
      expect(await row.textContent()).toContain(`${key.slice(0, 12)}…`);
      await checkPage(page, `account-api-keys-${viewport}`);

      // Used from a script: the key reads the full text; without it, 401.
      const list = await callApi(page, '/api/v1/policies?pageSize=10', key);
      expect(list.status).toBe(200);
      expect(list.remaining).toBe('59');
      expect(list.body.policies.length).toBeGreaterThan(0);
      const policy = await callApi(page, `/api/v1/policies/${list.body.policies[0].id}`, key);
      expect(policy.body.access).toBe('full');
      expect((await callApi(page, '/api/v1/policies', null)).status).toBe(401);

      // Shown once: after Done and a reload, only the prefix, and the use counted.
      await section.getByRole('button', { name: 'Done' }).click();
      await page.reload();
      await row.waitFor();
      expect(await page.content()).not.toContain(key);
      expect(await row.textContent()).toContain('Requests today2');

      await row.getByRole('button', { name: `Revoke Daily pull ${viewport}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Revoke API key?' });
      expect(await confirm.textContent()).toContain('will get 401 from their next call');
      await confirm.getByRole('button', { name: 'Revoke Key' }).click();
      await expectToast(page, 'API key revoked');
      await section.getByText('No API keys yet.').waitFor();
      const refused = await callApi(page, '/api/v1/policies', key);
      expect(refused).toMatchObject({ status: 401, body: { error: { code: 'unauthorized', message: 'This API key is not valid or has been revoked' } } });

      // The documentation, from the footer: Swagger UI over the API's own document, nothing refused by the page's policy.
      const refusedByPolicy: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refusedByPolicy.push(message.text());
      });
      await page.getByRole('contentinfo').getByRole('link', { name: 'API Documentation' }).click();
      await page.waitForURL((url) => url.pathname === '/api/docs');
      await page.getByRole('heading', { name: /China Policy Tracker API/ }).waitFor({ timeout: 15_000 });
      await page.getByText('/policies/{id}').first().waitFor();
      expect(await page.getByText('Sync: pull what changed, daily').count()).toBeGreaterThan(0);
      expect(refusedByPolicy).toEqual([]);
      await screenshot(page, `api-docs-${viewport}`);
    });
  });
}
