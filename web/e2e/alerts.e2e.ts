import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { savedSearches, users } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { startWebhookEndpoint } from '../../api/alerts/testing.ts';
import { eventually } from '../../indexer/testing.ts';
import { checkPage, expectToast, signIn } from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';
import type { Browser } from 'playwright-core';

/**
 * Alerts in the running stack (issue 32): a subscriber adds a Slack channel (a local HTTP server
 * stands in for Slack) and sends a test message; a new policy matching their saved search reaches
 * the channel and the mail sink through the real indexer and worker; an admin reads the e-mail in
 * the Outbox.
 */

let browser: Browser;
let slack: Awaited<ReturnType<typeof startWebhookEndpoint>>;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Quokka${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  slack = await startWebhookEndpoint();
});
afterAll(async () => {
  await browser.close();
  await slack.stop();
  await database.close();
});

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`alerts (${viewport})`, () => {
    it('adds a Slack channel, sends a test message, delivers a new policy, and shows it in the Outbox', async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signIn(page, 'subscriber@example.com');
      await page.goto('/account');
      const card = page.getByRole('region', { name: 'Alert channels' });
      await card.getByLabel('Type').selectOption('slack');
      await card.getByLabel('Channel name').fill(`Team ${viewport}`);
      await card.getByLabel('Slack incoming webhook URL').fill(`${slack.url}/${viewport}`);
      await card.getByRole('button', { name: 'Add channel' }).click();
      await expectToast(page, 'Slack channel added.');
      const channel = card.getByTestId('alert-channel').filter({ hasText: `Team ${viewport}` });
      await channel.getByRole('button', { name: 'Send test message' }).click();
      await expectToast(page, 'Test message sent.');
      const test = slack.received.find((request) => request.path === `/${viewport}`)!;
      expect(JSON.parse(test.body)).toMatchObject({ text: 'Test message from China Policy Tracker: this channel works', blocks: expect.arrayContaining([expect.objectContaining({ type: 'header' })]) });
      await channel.scrollIntoViewIfNeeded();
      await checkPage(page, `alerts-channels-${viewport}`);

      // A saved search with immediate alerts, then a policy it matches: the indexer, the matcher
      // and the sender of the running stack deliver it.
      const [subscriber] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'subscriber@example.com'));
      const word = `${marker}${viewport}`;
      await database.db.insert(savedSearches).values({ userId: subscriber!.id, name: `Watch ${word}`, query: { q: word }, alert: 'immediate' });
      const title = `Notice ${word} on the protection of wetlands`;
      await createPolicy(database.db, { title, description: 'Wetland protection measures for the coming year.', departmentId: 6, impact: 6 });
      const delivered = await eventually(async () => slack.received.find((request) => request.path === `/${viewport}` && request.body.includes(title)), {
        timeoutMs: 90_000,
        what: 'the Slack alert',
      });
      expect(JSON.parse(delivered.body).text).toBe(`New policy: ${title}`);
      await context.close();

      const adminContext = await newContext(browser, viewport);
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin@example.com');
      await admin.goto('/admin?tab=tools');
      const outbox = admin.getByRole('region', { name: 'Outbox' });
      const email = outbox.getByRole('button', { name: new RegExp(`New policy: ${title}.*To subscriber@example\\.com`) });
      await eventually(
        async () => {
          await admin.reload();
          return email.waitFor({ timeout: 5000 }).then(
            () => true,
            () => false,
          );
        },
        { timeoutMs: 60_000, what: 'the e-mail in the Outbox' },
      );
      await email.click();
      const frame = admin.frameLocator(`iframe[title="Message: New policy: ${title}"]`);
      await frame.getByText('A new policy matches what you follow.').waitFor();
      await frame.getByRole('link', { name: title }).waitFor();
      await outbox.scrollIntoViewIfNeeded();
      await checkPage(admin, `alerts-outbox-${viewport}`);
      await adminContext.close();
    });
  });
}
