import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { createPolicy } from '../../db/testing.ts';
import { regulationEnglish } from '../../api/processing/documents/english-openings.ts';
import { loadLabelledSet } from '../../api/processing/documents/labelled-set.ts';
import { linkWithMatched } from '../../api/alerts/message.ts';
import type { SearchResponse } from '../../api/shared/search.ts';
import { checkPage, expectToast, signedInPage, signIn } from './account-helpers.ts';
import { baseUrl, launchBrowser, newContext } from './browser.ts';

/**
 * Reading across the language gap (issue 35): a regulation side by side with its English, a
 * Chinese word's dictionary entry, and an English query that finds a policy still waiting for its
 * translation through its Chinese text. Real documents from the labelled set.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const documents = loadLabelledSet();
const chineseOf = (file: string) => documents.find((document) => document.file === file)!;
let regulationId: number;
let pendingId: number;
/** The same regulation still waiting for its translation: its 公平竞争审查 is near the end of a long text. */
let pendingRegulationId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const regulation = chineseOf('lawrefbook-08.txt');
  ({ id: regulationId } = await createPolicy(database.db, {
    title: 'Regulations on Optimizing the Business Environment',
    description: 'The State Council sets the rules for a market-based, law-based and international business environment.',
    departmentId: 4,
    publishedOn: '2019-10-22',
    chineseOriginal: regulation.story.chineseText,
    englishTranslation: regulationEnglish,
    translationModel: 'journey-model',
  }));
  const pending = chineseOf('govcn-16.txt');
  ({ id: pendingId } = await createPolicy(database.db, { title: pending.title, description: '', departmentId: 4, publishedOn: '2018-12-21', chineseOriginal: pending.story.chineseText }));
  ({ id: pendingRegulationId } = await createPolicy(database.db, { title: regulation.title, description: '', departmentId: 4, publishedOn: '2019-10-22', chineseOriginal: regulation.story.chineseText }));
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

const subscriberPage = (viewport: 'desktop' | 'mobile'): Promise<Page> => signedInPage(browser, viewport, 'subscriber@example.com');

/** The indexer catches up on its own: wait until the subscriber's English query finds the Chinese-only policy (medical tourism's by default). */
async function waitForChineseMatch(page: Page, q = 'medical tourism', policyId = pendingId) {
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/search?${new URLSearchParams({ q })}`)).json()) as { crossLanguage?: { policies: { id: number }[] } };
        return body.crossLanguage?.policies.some((policy) => policy.id === policyId) ?? false;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
}

for (const viewport of ['desktop', 'mobile'] as const) {
  describe(`reading across the language gap (${viewport})`, () => {
    it('reads a regulation side by side, article beside article, with its translation label', async () => {
      const page = await subscriberPage(viewport);
      await page.goto(`/policy/${regulationId}`);
      await page.getByRole('tab', { name: 'Side by side' }).click();
      const article3 = page.locator('[data-testid="aligned-row"][data-anchor="article 3"]');
      await article3.waitFor();
      const text = (await article3.textContent())!;
      expect(text).toContain('第三条 国家持续深化简政放权');
      expect(text).toContain('Article 3 The State keeps deepening the reform');
      expect(await page.getByTestId('side-by-side').getByTestId('translation-label').first().textContent()).toBe('Machine translation (journey-model)');
      if (viewport === 'mobile') {
        // One under the other: the English paragraph starts below its Chinese one.
        const chinese = await article3.locator('div').first().boundingBox();
        const english = await article3.locator('div').nth(1).boundingBox();
        expect(english!.y).toBeGreaterThanOrEqual(chinese!.y + chinese!.height - 1);
      }
      await checkPage(page, `reading-side-by-side-${viewport}`);
      await page.context().close();
    });

    it('shows a Chinese word\'s dictionary entry, the policy glossary first, crediting CC-CEDICT', async () => {
      const page = await subscriberPage(viewport);
      await page.goto(`/policy/${regulationId}`);
      await page.getByRole('tab', { name: 'Side by side' }).click();
      await page.getByLabel('Dictionary').check();
      // The words come paragraph by paragraph, and the text reflows as each turns into words: act once none is loading.
      await page.locator('[data-dictionary="loading"]').first().waitFor({ state: 'detached' });
      const word = page.locator('[data-anchor="article 1"]').getByTestId('dictionary-word').filter({ hasText: /^营商环境$/ }).first();
      if (viewport === 'desktop') await word.hover();
      else await word.click();
      const entry = page.getByTestId('dictionary-entry');
      await entry.waitFor();
      const shown = (await entry.textContent())!;
      expect(shown).toContain('Dictionary');
      expect(shown).toContain('business environment');
      expect(shown).toContain('Policy glossary');
      expect(shown).toContain('CC-CEDICT');
      expect(shown).toContain('not a translation');
      await checkPage(page, `reading-dictionary-${viewport}`);
      await page.context().close();
    });

    it('finds a Chinese-only policy for an English query, saying which Chinese term it matched', async () => {
      const page = await subscriberPage(viewport);
      await waitForChineseMatch(page);
      await page.goto('/search?q=medical%20tourism');
      const section = page.getByTestId('cross-language-results');
      await section.waitFor();
      // This run's policy: a stack kept from an earlier run holds others of the same title.
      const card = section.getByTestId('policy-card').filter({ hasText: '海南博鳌乐城国际医疗旅游先行区' }).filter({ has: page.locator(`a[href^="/policy/${pendingId}?"]`) });
      expect(await card.getByTestId('matched-note').textContent()).toContain("matched 医疗旅游 for 'medical tourism'");
      expect(await card.getByTestId('translation-label').textContent()).toBe('Translation pending');
      // No English text holds both words: the page says so, and that the Chinese text does, never
      // "No policies found" above policies found with "0 results found" below them.
      expect(await page.getByTestId('search-empty').textContent()).toMatch(/^No policies found matching your search in their English text; \d+ found in the Chinese text below\.$/);
      expect(await page.getByText(/^0 results? found$/).count()).toBe(0);
      await checkPage(page, `reading-cross-language-${viewport}`);
      await page.context().close();
    });

    it('finds the Chinese-only policy from the dashboard too, under its filters', async () => {
      const page = await subscriberPage(viewport);
      await waitForChineseMatch(page);
      await page.goto('/dashboard?q=medical%20tourism');
      const section = page.getByTestId('cross-language-results');
      // This run's policy (its link may carry the matched terms).
      const card = section.getByTestId('policy-card').filter({ has: page.locator(`a[href="/policy/${pendingId}"], a[href^="/policy/${pendingId}?"]`) });
      await card.waitFor();
      expect(await card.getByTestId('matched-note').textContent()).toContain("matched 医疗旅游 for 'medical tourism'");
      expect(await card.getByTestId('translation-label').textContent()).toBe('Translation pending');
      // Every word of a query must match (decision 012): no English policy holds both words, so the
      // empty text stands right above the Chinese matches, with no hint pointing down to them.
      await page.getByTestId('dashboard-empty').waitFor();
      expect(await page.getByTestId('chinese-matches-hint').count()).toBe(0);
      await expect.poll(() => page.getByTestId('dashboard-empty').textContent()).toMatch(/^No policies found matching your search in their English text; \d+ found in the Chinese text below\.$/);
      await checkPage(page, `reading-dashboard-cross-language-${viewport}`);
      // The dashboard's filters hold for its Chinese matches: the pending one is found under "Translation pending", and not under the translated statuses.
      const thisPolicy = `a[href="/policy/${pendingId}"], a[href^="/policy/${pendingId}?"]`;
      const withTranslationFilter = async (statuses: string[]) => {
        await page.evaluate((selected) => {
          const state = JSON.parse(localStorage.getItem('dashboardState') ?? '{}') as Record<string, unknown>;
          localStorage.setItem('dashboardState', JSON.stringify({ ...state, selectedTranslation: selected }));
        }, statuses);
        const answer = page.waitForResponse((response) => response.url().includes('/api/search/chinese-matches') && response.url().includes('translation='));
        await page.goto('/dashboard?q=medical%20tourism');
        return ((await (await answer).json()) as { policies: { id: number }[] }).policies.map((policy) => policy.id);
      };
      expect(await withTranslationFilter(['pending'])).toContain(pendingId);
      await section.getByTestId('policy-card').filter({ has: page.locator(thisPolicy) }).waitFor();
      expect(await withTranslationFilter(['machine', 'reviewed'])).not.toContain(pendingId);
      await page.getByTestId('dashboard-results').or(page.getByTestId('dashboard-empty')).first().waitFor();
      expect(await section.getByTestId('policy-card').filter({ has: page.locator(thisPolicy) }).count()).toBe(0);
      await page.context().close();
    });

    it('suggests the Chinese-only policy as the English words are typed, and opens it with the term marked', async () => {
      const page = await subscriberPage(viewport);
      await waitForChineseMatch(page);
      await page.goto('/search');
      await page.getByTestId('search-bar-input').fill('medical tourism');
      const suggestion = page.getByTestId('search-suggestions').getByRole('option').filter({ hasText: "matched 医疗旅游 for 'medical tourism'" }).first();
      await suggestion.waitFor();
      await suggestion.click();
      await page.waitForURL((url) => url.pathname.startsWith('/policy/') && url.searchParams.has('matched'));
      const marks = page.getByTestId('original-text').locator('mark');
      await marks.first().waitFor();
      expect(await marks.allTextContents()).toContain('医疗旅游');
      await page.context().close();
    });

    it("counts the Chinese-only policy in the English saved search's panel, and the alert's link opens it with the term marked", async () => {
      const page = await subscriberPage(viewport);
      await waitForChineseMatch(page);
      await page.goto('/dashboard?q=medical%20tourism');
      await page.getByTestId('cross-language-results').locator(`a[href^="/policy/${pendingId}?"]`).waitFor();
      await page.getByTestId('save-search').click();
      const dialog = page.getByRole('dialog', { name: 'Save search' });
      const name = `Medical tourism ${viewport} ${Date.now()}`;
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Alerts').selectOption('immediate');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Search saved');

      // No English text says "medical tourism" (the dashboard says so): whatever the count counts, it found through the Chinese text, and it is not 0.
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Saved Searches', exact: true }).click();
      const entry = page.getByTestId('saved-searches-panel').getByTestId('saved-search').filter({ hasText: name });
      await entry.waitFor();
      const count = Number(/(\d+) polic(?:y|ies)/.exec((await entry.textContent())!)![1]);
      expect(count).toBeGreaterThanOrEqual(1);
      const answer = (await (await page.request.get('/api/search?q=medical%20tourism')).json()) as SearchResponse;
      expect(answer.total).toBe(0);
      expect(count).toBeGreaterThanOrEqual(answer.crossLanguage!.policies.length);
      await checkPage(page, `reading-saved-search-count-${viewport}`);

      // The alert's link (as the e-mail and Slack give it) opens the original with 医疗旅游 marked.
      await page.goto(linkWithMatched(`/policy/${pendingId}`, [{ chinese: '医疗旅游', english: 'medical tourism' }]));
      const marks = page.getByTestId('original-text').locator('mark');
      await marks.first().waitFor();
      expect(await marks.allTextContents()).toContain('医疗旅游');
      expect(await page.getByTestId('matched-terms-note').textContent()).toContain("医疗旅游 matched for 'medical tourism'");

      // A kept stack holds each run's saved searches: this one goes, so reruns stay under the limit.
      const saved = (await (await page.request.get('/api/saved-searches')).json()) as { id: number; name: string }[];
      const id = saved.find((search) => search.name === name)!.id;
      expect((await page.request.delete(`/api/saved-searches/${id}`, { headers: { Origin: baseUrl() } })).status()).toBe(204);
      await page.context().close();
    });

    it('opens a Chinese-only result on its original, the matched term marked and the English words named', async () => {
      const page = await subscriberPage(viewport);
      await waitForChineseMatch(page);
      await page.goto('/search?q=medical%20tourism');
      const section = page.getByTestId('cross-language-results');
      await section.locator(`a[href^="/policy/${pendingId}?"]`).click();
      await page.waitForURL((url) => url.pathname === `/policy/${pendingId}` && url.searchParams.has('matched'));
      expect(await page.getByRole('tab', { name: 'Original Text' }).getAttribute('aria-selected')).toBe('true');
      const original = page.getByTestId('original-text');
      const marks = original.locator('mark');
      await marks.first().waitFor();
      expect(await marks.allTextContents()).toContain('医疗旅游');
      // The first match is on screen, whatever the width.
      const first = (await marks.first().boundingBox())!;
      expect(first.y).toBeGreaterThanOrEqual(0);
      expect(first.y + first.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      const note = page.getByTestId('matched-terms-note');
      expect(await note.textContent()).toContain("医疗旅游 matched for 'medical tourism'");
      expect(await note.textContent()).toContain('(dictionary match, not a translation)');
      await checkPage(page, `reading-matched-original-${viewport}`);

      // The reading aid still reads a marked word.
      await page.getByLabel('Dictionary').check();
      await page.locator('[data-dictionary="loading"]').first().waitFor({ state: 'detached' });
      const markedWord = original.getByTestId('dictionary-word').filter({ has: page.locator('mark') }).first();
      if (viewport === 'desktop') await markedWord.hover();
      else await markedWord.click();
      const entry = page.getByTestId('dictionary-entry');
      await entry.waitFor();
      expect(await entry.textContent()).toContain('Dictionary');
      expect(await entry.textContent()).toContain((await markedWord.textContent())!);
      await checkPage(page, `reading-matched-dictionary-${viewport}`);

      await note.getByRole('button', { name: 'Clear highlight' }).click();
      await note.waitFor({ state: 'detached' });
      expect(await original.locator('mark').count()).toBe(0);
      expect(new URL(page.url()).searchParams.has('matched')).toBe(false);

      // In a long text the page opens scrolled to the first match (中介服务 is past its middle), and
      // the side by side marks it in the Chinese column.
      const matched = JSON.stringify([{ chinese: '中介服务', english: 'intermediary services' }]);
      await page.goto(`/policy/${regulationId}?matched=${encodeURIComponent(matched)}`);
      const deepMark = page.getByTestId('original-text').locator('mark').first();
      await deepMark.waitFor();
      const deep = (await deepMark.boundingBox())!;
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(deep.y).toBeGreaterThanOrEqual(0);
      expect(deep.y + deep.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await page.getByRole('tab', { name: 'Side by side' }).click();
      expect(await page.getByTestId('side-by-side').locator('mark').allTextContents()).toContain('中介服务');
      expect(await page.getByTestId('matched-terms-note').textContent()).toContain("中介服务 matched for 'intermediary services'");
      await page.context().close();

      // Arrived by a result's link (not loaded afresh), the page still opens at the first match,
      // near the end of a long text: the router's scroll to the top of a new page does not win.
      const arriving = await signedInPage(browser, viewport, 'subscriber@example.com');
      await waitForChineseMatch(arriving, 'fair competition review', pendingRegulationId);
      await arriving.goto('/search?q=fair%20competition%20review');
      await arriving.getByTestId('cross-language-results').locator(`a[href^="/policy/${pendingRegulationId}?"]`).click();
      await arriving.waitForURL((url) => url.pathname === `/policy/${pendingRegulationId}`);
      const farMark = arriving.getByTestId('original-text').locator('mark').first();
      await farMark.waitFor();
      await expect.poll(() => arriving.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const far = (await farMark.boundingBox())!;
      expect(far.y).toBeGreaterThanOrEqual(0);
      expect(far.y + far.height).toBeLessThanOrEqual(arriving.viewportSize()!.height);
      await arriving.context().close();

      // A reader without a subscription, sent the same link, meets the call to subscribe: no note, no mark.
      const reader = await (await newContext(browser, viewport)).newPage();
      await signIn(reader, 'reader@example.com');
      await reader.goto(`/policy/${regulationId}?matched=${encodeURIComponent(matched)}`);
      await reader.getByTestId('subscribe-call').waitFor();
      expect(await reader.getByTestId('matched-terms-note').count()).toBe(0);
      expect(await reader.locator('mark').count()).toBe(0);
      await reader.context().close();
    });
  });
}

describe('scroll restore after Back, when the page grows after its results (390×844)', () => {
  it('comes back to a Chinese match below the English results, though that list answers after them', async () => {
    // On a phone, where one Chinese match makes the page taller than the screen (at 1280×900 the
    // page with it is not). The page's clock, moved by the test: past the five minutes an unused
    // answer is kept, so Back asks for the Chinese matches again and their answer can be held.
    const context = await newContext(browser, 'mobile');
    await context.clock.install();
    const page = await context.newPage();
    await signIn(page, 'subscriber@example.com');
    await waitForChineseMatch(page);
    await page.goto('/dashboard?q=medical%20tourism');
    const section = page.getByTestId('cross-language-results');
    const thisPolicy = section.locator(`a[href="/policy/${pendingId}"], a[href^="/policy/${pendingId}?"]`).first();
    await thisPolicy.waitFor({ timeout: 20_000 });
    // Down to the Chinese match, below the English results' empty text: its link in the middle of the screen.
    await thisPolicy.evaluate((link) => link.scrollIntoView({ block: 'center' }));
    const top = await page.evaluate(() => window.scrollY);
    expect(top).toBeGreaterThan(0);
    await thisPolicy.click();
    await page.waitForURL((url) => url.pathname === `/policy/${pendingId}`);
    await page.getByRole('link', { name: 'Return to Dashboard' }).waitFor();

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    await page.route(
      (url) => url.pathname === '/api/search/chinese-matches',
      (route) => {
        holding();
        return released.then(() => route.continue());
      },
    );
    await page.clock.fastForward('06:00');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // The English results are in (none: the page says so), the Chinese matches still on their way:
    // the page is too short for the reader's position.
    await page.getByTestId('dashboard-empty').waitFor({ timeout: 20_000 });
    await held;
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThan(top);
    release();
    await thisPolicy.waitFor();
    const landed = await page
      .waitForFunction((y) => Math.abs(window.scrollY - y) <= 5, top, { timeout: 15_000 })
      .then(() => true, () => false);
    expect(landed, `Back from ${top} px landed at ${await page.evaluate(() => window.scrollY)}`).toBe(true);
    await context.close();
  });
});
