import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, expectToast, signIn } from './account-helpers.ts';
import { baseUrl, launchBrowser, newContext } from './browser.ts';

/**
 * Whether a document is in force and how it links to others, where a reader looks (issue 42):
 * make dev's demo holds real regulations that repeal, replace and cite each other
 * (db/linked-documents.ts). A repealed regulation says so on its card and its page, with the
 * reason; its page links to the regulation that repealed it, which lists what it repeals; a
 * subscriber follows a regulation and sees it followed.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const missile = 'Regulations on Export Control of Missiles and Related Items and Technologies';
const dualUse = 'Regulations of the People’s Republic of China on the Export Control of Dual-Use Items';

async function policyId(title: string): Promise<number> {
  const answer = (await (await fetch(`${baseUrl()}/api/search?q=${encodeURIComponent(title)}`)).json()) as { policies: { id: number; title: string }[] };
  const found = answer.policies.find((policy) => policy.title === title);
  if (!found) throw new Error(`the demo has no policy titled ${title}`);
  return found.id;
}

async function pageAs(viewport: 'desktop' | 'mobile'): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  await signIn(page, 'subscriber@example.com');
  return page;
}

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`a document's status and links (${viewport})`, () => {
    it('shows a repealed regulation as repealed, with why, and links to what repealed it', async () => {
      const page = await pageAs(viewport);
      await page.goto(`/search?q=${encodeURIComponent(missile)}`);
      const card = page.getByTestId('policy-card').filter({ hasText: missile });
      await card.waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('effectiveness-badge').textContent()).toBe('Repealed');

      await page.goto(`/policy/${await policyId(missile)}`);
      await page.getByRole('heading', { level: 1, name: missile }).waitFor();
      expect(await page.getByTestId('effectiveness-badge').textContent()).toBe('Repealed');
      // Journeys share one stack: another file may have taken in the same regulation under its Chinese
      // title (reading.e2e.ts), and a repeal then names whichever copy sorts first.
      expect(await page.getByTestId('effectiveness-reason').textContent()).toMatch(new RegExp(`^Repealed by (${dualUse}|中华人民共和国两用物项出口管制条例) on Dec 1, 2024$`));
      const links = page.getByTestId('document-links');
      expect(await links.getByText('Repealed by', { exact: true }).isVisible()).toBe(true);
      await checkPage(page, `document-links-repealed-${viewport}`);

      await links.getByRole('link', { name: dualUse }).click();
      await page.getByRole('heading', { level: 1, name: dualUse }).waitFor();
      expect(await page.getByTestId('effectiveness-badge').textContent()).toBe('In force');
      const repeals = page.getByTestId('document-links').getByRole('link');
      await expect.poll(async () => (await repeals.allTextContents()).filter((text) => /Export Control of (Missiles|Nuclear|Biological)/.test(text)).length).toBe(3);
      await checkPage(page, `document-links-repealing-${viewport}`);
    });

    it('follows a regulation and stops following it', async () => {
      const page = await pageAs(viewport);
      await page.goto(`/policy/${await policyId(dualUse)}`);
      const follow = page.getByRole('button', { name: 'Follow', exact: true });
      await follow.click();
      await expectToast(page, 'Following', 'You will be told when this policy is amended, replaced, repealed or cited, or its status changes.');
      const following = page.getByRole('button', { name: 'Following', exact: true });
      await following.waitFor();
      expect(await following.getAttribute('aria-pressed')).toBe('true');
      await checkPage(page, `document-links-following-${viewport}`);
      await following.click();
      await expectToast(page, 'No longer following');
      await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    });
  });
}
