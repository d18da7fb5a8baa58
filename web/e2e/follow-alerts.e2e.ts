import { readFileSync } from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { savePolicy, type PolicyFields } from '../../db/policies.ts';
import { alertMessages } from '../../db/schema/index.ts';
import { eventually } from '../../indexer/testing.ts';
import { checkPage, expectToast, signIn } from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';

/**
 * Following a document and its alert, in the running stack (issue 42 item 6): a subscriber follows
 * a real regulation (the Invoice Measures as revised in 2019) on its page; its 2023 revision arrives
 * as the intake writes a policy; the stack's worker tells the follower by e-mail (captured by the
 * mail sink, kept as sent in the Outbox's table) in words, linking both documents; the link opens
 * the revision. At 1280 and 390 px.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Wombat${Date.now().toString(36)}`;
const text = (file: string) => readFileSync(new URL(`../../api/policies/fixtures/versions/${file}`, import.meta.url), 'utf8');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

/** A policy written as the intake writes one (savePolicy: its links and status follow in the same transaction). */
const takeIn = (fields: Partial<PolicyFields>) => database.db.transaction(async (tx) => (await savePolicy(tx, null, { impact: 6, departmentId: 2, ...fields }, { kind: 'analyser', at: new Date() })).id);

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`following a document (${viewport})`, () => {
    it('follows a regulation on its page; when its revision arrives the e-mail says so, and its link opens the revision', async () => {
      const chineseTitle = `${marker}${viewport}中华人民共和国发票管理办法`;
      const olderTitle = `${marker} ${viewport} Invoice Measures (2019 revision)`;
      const newerTitle = `${marker} ${viewport} Invoice Measures (2023 revision)`;
      const older = await takeIn({ title: olderTitle, description: 'The Measures govern the printing, use and keeping of invoices.', chineseTitle, publishedOn: '2019-03-02', chineseOriginal: text('invoice-measures-2019.md') });

      const page = await (await newContext(browser, viewport)).newPage();
      await signIn(page, 'subscriber@example.com');
      await page.goto(`/policy/${older}`);
      await page.getByRole('heading', { level: 1, name: olderTitle }).waitFor();
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await expectToast(page, 'Following', 'You will be told when this policy is amended, replaced, repealed or cited, or its status changes.');

      const newer = await takeIn({ title: newerTitle, description: 'The Measures as revised in 2023.', chineseTitle, publishedOn: '2023-07-20', chineseOriginal: text('invoice-measures-2023.md') });
      const subject = `“${olderTitle}” was replaced by a newer version, “${newerTitle}”`;
      const mail = await eventually(
        async () => {
          const [row] = await database.db
            .select({ html: alertMessages.html, text: alertMessages.text })
            .from(alertMessages)
            .where(and(eq(alertMessages.recipient, 'subscriber@example.com'), eq(alertMessages.subject, subject), like(alertMessages.text, `%${marker}%`)));
          return row;
        },
        { timeoutMs: 90_000, what: 'the follow alert e-mail' },
      );
      expect(mail.text.replace(/\s+/g, ' ')).toContain(`News of a policy you follow. ${subject}`);
      expect(mail.html).toContain(`/policy/${older}"`);
      const link = new RegExp(`href="(http://[^"]+/policy/${newer})"`).exec(mail.html!)?.[1];
      expect(link).toBeDefined();

      await page.goto(link!);
      await page.getByRole('heading', { level: 1, name: newerTitle }).waitFor();
      await page.getByRole('link', { name: 'Compare with the 2019 version' }).waitFor();
      await checkPage(page, `follow-alert-opened-${viewport}`);
    });
  });
}
