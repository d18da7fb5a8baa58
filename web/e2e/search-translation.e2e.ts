import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { createPolicy } from '../../db/testing.ts';
import { noticeEnglish } from '../../api/processing/documents/english-openings.ts';
import { loadLabelledSet } from '../../api/processing/documents/labelled-set.ts';
import { checkPage, signedInPage } from './account-helpers.ts';
import { launchBrowser } from './browser.ts';

/**
 * The search page's Translation filter (issue 35): a subscriber keeps to the policies still waiting
 * for their English, sees the filter as a chip in the search bar, and removes it. Two real documents
 * from the labelled set, one with its machine translation and one pending, published in a week of
 * January 2019 that no demo policy or other journey uses, so the page's date filter shows only them.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const documents = loadLabelledSet();
const documentOf = (file: string) => documents.find((document) => document.file === file)!;
const week = { startDate: '2019-01-16', endDate: '2019-01-22' };
const weekAddress = `/search?startDate=${week.startDate}&endDate=${week.endDate}`;
let machineId: number;
let pendingId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const notice = documentOf('govcn-02.txt');
  ({ id: machineId } = await createPolicy(database.db, {
    title: 'Guiding Opinions on Giving Full Play to Government Financing Guarantee Funds to Support Small and Micro Enterprises and Agriculture',
    description: 'The General Office of the State Council asks government financing guarantee funds to ease the financing of small businesses and agriculture.',
    departmentId: 4,
    publishedOn: notice.expected.publishedOn,
    chineseOriginal: notice.story.chineseText,
    englishTranslation: noticeEnglish,
    translationModel: 'journey-model',
  }));
  const hospitals = documentOf('govcn-04.txt');
  ({ id: pendingId } = await createPolicy(database.db, {
    title: hospitals.title,
    description: '',
    departmentId: 4,
    publishedOn: hospitals.expected.publishedOn,
    chineseOriginal: hospitals.story.chineseText,
  }));
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

const subscriberPage = (viewport: 'desktop' | 'mobile'): Promise<Page> => signedInPage(browser, viewport, 'subscriber@example.com');

/** The indexer catches up on its own: wait until the week's search finds both policies. */
async function waitForBothIndexed(page: Page) {
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/search?${new URLSearchParams(week)}`)).json()) as { policies: { id: number }[] };
        return body.policies.map((policy) => policy.id).sort((a, b) => a - b);
      },
      { timeout: 60_000, interval: 250 },
    )
    .toEqual([machineId, pendingId].sort((a, b) => a - b));
}

/** The policies the results list shows, by id, and each one's translation label. */
async function shownResults(page: Page): Promise<{ id: number; label: string }[]> {
  const cards = page.getByTestId('search-results').getByTestId('policy-card');
  const shown = [];
  for (const card of await cards.all()) {
    const href = await card.getByRole('heading').getByRole('link').getAttribute('href');
    shown.push({ id: Number(href!.split('/').pop()), label: (await card.getByTestId('translation-label').textContent())! });
  }
  return shown.sort((a, b) => a.id - b.id);
}

const both = () =>
  [
    { id: machineId, label: 'Machine translation (journey-model)' },
    { id: pendingId, label: 'Translation pending' },
  ].sort((a, b) => a.id - b.id);

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`search by translation status (${viewport})`, () => {
    it('keeps to the policies whose translation is pending, shown as a chip that removes the filter', async () => {
      const page = await subscriberPage(viewport);
      await waitForBothIndexed(page);
      await page.goto(weekAddress);
      await page.getByTestId('search-results').waitFor();
      expect(await shownResults(page)).toEqual(both());

      await page.getByRole('button', { name: 'Translation', exact: true }).click();
      const list = page.getByRole('group', { name: 'Translation' });
      const pendingOption = list.getByTestId('multi-select-option').filter({ hasText: 'Translation pending' });
      // The counts are this week's: one policy of each status the two have.
      expect(await pendingOption.getByTestId('multi-select-count').textContent()).toBe('1 policies');
      expect(await list.getByTestId('multi-select-option').filter({ hasText: 'Machine translation' }).getByTestId('multi-select-count').textContent()).toBe('1 policies');
      await checkPage(page, `search-translation-options-${viewport}`);
      await pendingOption.getByRole('checkbox').check();
      await page.keyboard.press('Escape');

      // The chip reads the status's label; its × removes the filter.
      const chip = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').filter({ hasText: 'Translation pending' });
      await chip.waitFor();
      expect(await chip.evaluate((item) => item.firstChild?.textContent)).toBe('Translation pending');
      await expect.poll(() => shownResults(page)).toEqual([{ id: pendingId, label: 'Translation pending' }]);
      const address = new URL(page.url());
      expect(JSON.parse(address.searchParams.get('translation')!)).toEqual(['pending']);
      expect(address.searchParams.get('startDate')).toBe(week.startDate);
      // A phone's filters hold the four lists two by two: nothing pushes the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await checkPage(page, `search-translation-pending-${viewport}`);

      await chip.getByRole('button', { name: 'Remove filter Translation pending' }).click();
      await expect.poll(() => shownResults(page)).toEqual(both());
      expect(new URL(page.url()).searchParams.has('translation')).toBe(false);
      expect(await chip.count()).toBe(0);
      await page.context().close();
    });
  });
}
