import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn, waitForPath } from './account-helpers.ts';
import { launchBrowser, newContext, screenshot } from './browser.ts';
import { waitForSearchIndex } from './search-helpers.ts';
import { departmentList } from '../../vocabulary/departments.ts';

/** "Showing X to Y of total" as numbers. */
async function shownRange(page: Page): Promise<{ from: number; to: number; total: number }> {
  const text = (await page.getByTestId('pagination').getByText(/^Showing /).textContent()) ?? '';
  const match = /Showing (\d+) to (\d+) of (\d+)/.exec(text);
  if (!match) throw new Error(`No range in "${text}"`);
  return { from: Number(match[1]), to: Number(match[2]), total: Number(match[3]) };
}

async function waitForRange(page: Page, expected: RegExp) {
  await page.getByTestId('pagination').getByText(expected).waitFor({ timeout: 15_000 });
}

async function cardTexts(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId('dashboard-results').getByTestId(testId).allTextContents();
}

/**
 * Holds the dashboard's searches (the InstantSearch proxy) until `release`, as a slow network or a
 * busy machine would; `held` settles once one is waiting. Each held search then goes on to the API.
 */
async function holdSearches(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const answered: Promise<void>[] = [];
  await page.route(dashboardSearches, (route) => {
    holding();
    const answer = released.then(() => route.continue());
    answered.push(answer);
    return answer;
  });
  return {
    held,
    release: async () => {
      release();
      await Promise.all(answered);
      await page.unroute(dashboardSearches);
    },
  };
}

/** The dashboard's searches: its InstantSearch client asks GET /api/search (not the suggestions or the Chinese matches). */
/**
 * The first card title on screen and not under the sticky search and filter bar: clicking one
 * under the bar (two rows tall at 1280 px) makes the browser scroll it into view first, moving
 * the page the journey scrolled to.
 */
function firstUncoveredTitle(titles: Locator): Promise<number> {
  return titles.evaluateAll((headings) =>
    headings.findIndex((heading) => {
      const box = heading.getBoundingClientRect();
      const atPoint = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return box.top > 0 && atPoint !== null && heading.contains(atPoint);
    }),
  );
}

const dashboardSearches = (url: URL) => url.pathname === '/api/search';

/** Signs in and waits for the dashboard it lands on, so later storage changes are not raced by its first render. */
async function signInToDashboard(page: Page) {
  await signIn(page, 'subscriber@example.com');
  await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });
}

describe('dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await waitForSearchIndex();
  });
  afterAll(() => browser.close());

  it('pages through the policies, filters by department and importance, keeps the filters across a reload, resets', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signIn(page, 'subscriber@example.com');
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });

    const all = await shownRange(page);
    expect(all.from).toBe(1);
    expect(all.to).toBe(20);
    expect(all.total).toBeGreaterThan(200);
    const pagination = page.getByTestId('pagination');
    expect(await pagination.getByRole('button', { name: 'First page' }).isDisabled()).toBe(true);
    expect(await pagination.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);

    await pagination.getByRole('button', { name: 'Next page' }).click();
    await waitForRange(page, new RegExp(`Showing 21 to 40 of ${all.total}`));
    await pagination.getByRole('button', { name: 'Last page' }).click();
    const lastFrom = Math.floor((all.total - 1) / 20) * 20 + 1;
    await waitForRange(page, new RegExp(`Showing ${lastFrom} to ${all.total} of ${all.total}`));
    expect(await pagination.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    expect(await pagination.getByRole('button', { name: 'Last page' }).isDisabled()).toBe(true);

    // A larger page size starts again at page 1.
    await page.getByLabel('Per page').selectOption('50');
    await waitForRange(page, new RegExp(`Showing 1 to 50 of ${all.total}`));

    // Departments, with counts; choosing one filters the cards to it.
    await page.getByRole('button', { name: /^Departments/ }).click();
    const departmentList = page.getByRole('group', { name: 'Departments' });
    const firstOption = departmentList.getByRole('checkbox').first();
    const code = await firstOption.getAttribute('value');
    const optionLabel = (await departmentList.locator('label').first().textContent()) ?? '';
    const count = /(\d+) policies$/.exec(optionLabel.trim())?.[1];
    expect(code && count, optionLabel).toBeTruthy();
    await firstOption.check();
    await waitForRange(page, new RegExp(`of ${count}$`));
    await page.keyboard.press('Escape');
    const departmentBadges = await page.getByTestId('dashboard-results').getByRole('button', { name: new RegExp(`^${code}:`) }).count();
    expect(departmentBadges).toBe(Math.min(Number(count), 50));

    // Importance from 5: every card's badge reads 5/10 or more.
    const minimum = page.getByRole('slider', { name: 'Minimum importance' });
    // Each press focuses the thumb again (a re-render of the bar may take the focus away).
    for (let step = 0; step < 5; step++) await minimum.press('ArrowRight');
    await page.getByText('Importance: 5 to 10').waitFor();
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="dashboard-results"] [data-testid="importance-badge"]')].every((badge) => Number(/\((\d+)\/10\)/.exec(badge.textContent ?? '')?.[1]) >= 5),
      undefined,
      { timeout: 15_000 },
    );
    const filtered = await shownRange(page);
    expect(filtered.total).toBeLessThanOrEqual(Number(count));
    for (const badge of await cardTexts(page, 'importance-badge')) expect(Number(/\((\d+)\/10\)/.exec(badge)?.[1])).toBeGreaterThanOrEqual(5);

    await checkPage(page, 'dashboard-desktop');

    // The filters are saved under dashboardState and come back after a reload.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('dashboardState') ?? '{}'));
    expect(saved).toMatchObject({ selectedDepartments: [code], importanceRange: [5, 10], itemsPerPage: 50, sortOrder: 'latest', currentPage: 1 });
    await page.reload();
    await page.getByText('Importance: 5 to 10').waitFor();
    await waitForRange(page, new RegExp(`of ${filtered.total}$`));

    // Reset clears the filters but not the page size.
    await page.getByRole('button', { name: 'Reset' }).click();
    await waitForRange(page, new RegExp(`Showing 1 to 50 of ${all.total}`));
    await page.getByText('Importance: any').waitFor();
    await context.close();
  });

  it('searches after a pause, sorts oldest first, and shows the empty text', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signInToDashboard(page);
    await page.evaluate(() => localStorage.removeItem('dashboardState'));
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });

    const latestFirst = (await cardTexts(page, 'policy-date')).map((text) => Date.parse(text));
    expect(latestFirst).toEqual([...latestFirst].sort((a, b) => b - a));
    await page.getByLabel('Sort').selectOption('oldest');
    await page.waitForFunction((newest) => {
      const dates = [...document.querySelectorAll('[data-testid="dashboard-results"] [data-testid="policy-date"]')].map((span) => Date.parse(span.textContent ?? ''));
      return dates.length > 1 && dates[0]! < newest && dates.every((time, index) => index === 0 || time >= dates[index - 1]!);
    }, latestFirst[latestFirst.length - 1]!);

    await page.getByTestId('dashboard-search-input').fill('zzqxnothingmatchesthis');
    await page.getByTestId('dashboard-empty').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('dashboard-empty').textContent()).toBe('No policies matching your filters.');
    expect(new URL(page.url()).searchParams.get('q')).toContain('zzqxnothingmatchesthis');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByTestId('dashboard-results').waitFor();
    await context.close();
  });

  it('opens the filters and the collections as bottom sheets on a phone', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    await signInToDashboard(page);
    await page.evaluate(() => localStorage.removeItem('dashboardState'));
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('filter-bar').count()).toBe(0);
    await checkPage(page, 'dashboard-mobile');

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter' });
    await sheet.waitFor();
    await sheet.getByRole('group', { name: 'Industries' }).getByRole('checkbox').first().check();
    await page.waitForTimeout(500);
    await checkPage(page, 'dashboard-mobile-filter-sheet');
    await sheet.getByRole('button', { name: 'Done' }).click();
    await sheet.waitFor({ state: 'hidden' });
    // The choice survives closing the sheet (the widgets live outside it).
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('dashboardState') ?? '{}').selectedIndustries?.length)).toBe(1);

    await page.getByRole('button', { name: 'Collections', exact: true }).click();
    await page.getByRole('dialog', { name: 'Collections' }).getByTestId('collections-panel').waitFor();
    await checkPage(page, 'dashboard-mobile-collections-sheet');
    await context.close();
  });

  it('stays as wide as the window once a query is typed and the order turns to Most relevant, at 1280 and 390 px', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signInToDashboard(page);
      await page.evaluate(() => localStorage.removeItem('dashboardState'));
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });
      await page.getByTestId('dashboard-search-input').fill('data security');
      await page.waitForURL((url) => url.searchParams.get('q') === 'data security');
      await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });
      if (viewport === 'desktop') {
        await expect.poll(() => page.getByLabel('Sort').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Most relevant');
        await page.getByRole('button', { name: 'Reset', exact: true }).waitFor();
      }
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
      expect(widths.document, `${viewport}: the page is ${widths.document} px wide in a ${widths.window} px window`).toBeLessThanOrEqual(widths.window);
      if (viewport === 'desktop') {
        const reset = await page.getByRole('button', { name: 'Reset', exact: true }).boundingBox();
        expect(reset!.x + reset!.width).toBeLessThanOrEqual(widths.window);
      }
      await context.close();
    }
  });

  it('offers every department with its count, 0 included, so "rare earth + MIIT" can be set up before any result, at 1280 and 390 px', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signInToDashboard(page);
      await page.evaluate(() => localStorage.removeItem('dashboardState'));
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });
      await page.getByTestId('dashboard-search-input').fill('rare earth');
      await page.waitForURL((url) => url.searchParams.get('q') === 'rare earth');
      await page.getByTestId('dashboard-results').or(page.getByTestId('dashboard-empty')).first().waitFor({ timeout: 20_000 });
      if (viewport === 'desktop') await page.getByRole('button', { name: /^Departments/ }).click();
      else await page.getByRole('button', { name: 'Filter', exact: true }).click();
      const group = page.getByRole('group', { name: 'Departments' });
      await group.waitFor();
      const options = group.getByTestId('multi-select-option');
      const codes = await options.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
      expect(codes).toEqual(expect.arrayContaining(departmentList.map((department) => department.code)));
      // Each with its count, a 0 where the query's results hold none.
      expect(await options.getByTestId('multi-select-count').count()).toBe(codes.length);
      const miit = options.filter({ has: page.locator('input[value="MIIT"]') });
      expect(await miit.getByTestId('multi-select-count').textContent()).toMatch(/^\d+ policies$/);
      // Ticked once the search with it answers (the box shows the applied filter).
      await miit.getByRole('checkbox').click();
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('dashboardState') ?? '{}').selectedDepartments)).toEqual(['MIIT']);
      await expect.poll(() => miit.getByRole('checkbox').isChecked()).toBe(true);
      await context.close();
    }
  });

  it('welcomes a new subscriber once, with confetti', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    // The first dashboard (after sign-in) must have mounted already, or it would take the flag.
    await signInToDashboard(page);
    await page.evaluate(() => localStorage.setItem('showWelcomePopup', 'true'));
    // The confetti must not trip the Content-Security-Policy (its blob: worker did): no console error.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.goto('/dashboard');
    // The plan's name, as the pricing card and checkout say it.
    const welcome = page.getByRole('dialog', { name: 'Welcome to China Policy Tracker Full Access!' });
    await welcome.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('showWelcomePopup'))).toBeNull();
    expect(await page.locator('canvas').count()).toBeGreaterThan(0);
    await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });
    expect(consoleErrors).toEqual([]);
    await checkPage(page, 'dashboard-welcome-popup');
    await welcome.getByRole('button', { name: 'Get Started' }).click();
    await welcome.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('dashboard-results').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('shows a failed search with a way to try again, keeping the last results it had', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signIn(page, 'subscriber@example.com');
    await page.route(dashboardSearches, (route) => route.fulfill({ status: 503, json: { error: { code: 'service_unavailable', message: 'down' } } }));
    await page.goto('/dashboard');
    const failed = page.getByRole('alert').filter({ hasText: 'Failed to search policies' });
    await failed.waitFor();
    expect(await page.getByTestId('results-skeleton').count()).toBe(0);
    await checkPage(page, 'dashboard-search-failed-desktop');

    await page.unroute(dashboardSearches);
    await failed.getByRole('button', { name: 'Try again' }).click();
    const results = page.getByTestId('dashboard-results');
    await results.waitFor();
    await failed.waitFor({ state: 'detached' });
    const firstTitles = await results.getByRole('heading', { level: 2 }).allTextContents();

    const all = await shownRange(page);

    // A later search fails: the results already on screen stay, with the error above them. The
    // failure answers once the dashboard has taken the search in (the address carries it), as on a
    // slow network; until then its searches wait.
    const heldSearches: Route[] = [];
    let failing = false;
    await page.route(dashboardSearches, (route) => (failing ? route.abort('failed') : void heldSearches.push(route)));
    await page.getByTestId('dashboard-search-input').fill('export control');
    await waitForPath(page, /^\/dashboard\?q=export(\+|%20)control$/);
    failing = true;
    for (const route of heldSearches.splice(0)) await route.abort('failed');
    await failed.waitFor();
    expect(await results.getByRole('heading', { level: 2 }).allTextContents()).toEqual(firstTitles);
    expect(await page.getByTestId('dashboard-search-input').inputValue()).toBe('export control');

    // Trying again asks for what the reader typed, not for the results kept on screen.
    await page.unroute(dashboardSearches);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor({ state: 'detached' });
    await expect.poll(async () => (await shownRange(page)).total, { timeout: 15_000 }).toBeLessThan(all.total);
    expect(new URL(page.url()).searchParams.get('q')).toBe('export control');
    await context.close();
  });

  it('fits every filter list (departments, industries, topics) in its box, counts whole, long names cut with an ellipsis', async () => {
    /** Each option row of the group: does it overflow sideways, and is its count shown whole? */
    const measure = (group: ReturnType<Page['getByRole']>) =>
      group.getByTestId('multi-select-option').evaluateAll((rows) =>
        rows.map((row) => {
          const count = row.querySelector('[data-testid="multi-select-count"]') as HTMLElement | null;
          const list = row.closest('ul')!;
          return {
            text: row.textContent,
            rowFits: row.getBoundingClientRect().right <= list.getBoundingClientRect().right + 0.5,
            countWhole: count !== null && count.scrollWidth <= count.clientWidth + 0.5 && count.getBoundingClientRect().right <= list.getBoundingClientRect().right + 0.5,
            cut: [...row.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth + 0.5 && getComputedStyle(span).textOverflow === 'ellipsis'),
          };
        }),
      );
    const expectFits = (rows: Awaited<ReturnType<typeof measure>>, title: string) => {
      expect(rows.length, title).toBeGreaterThan(0);
      for (const row of rows) expect({ title, ...row }).toMatchObject({ rowFits: true, countWhole: true });
    };

    const desktop = await newContext(browser, 'desktop');
    const page = await desktop.newPage();
    await signInToDashboard(page);
    for (const title of ['Departments', 'Industries', 'Topics']) {
      await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
      const rows = await measure(page.getByRole('group', { name: title }));
      expectFits(rows, title);
      // Department names are long (the full names below the codes): some are cut, not spilled.
      if (title === 'Departments') expect(rows.some((row) => row.cut)).toBe(true);
      await page.keyboard.press('Escape');
    }
    await desktop.close();

    const mobile = await newContext(browser, 'mobile');
    const phone = await mobile.newPage();
    await signInToDashboard(phone);
    await phone.getByRole('button', { name: 'Filter', exact: true }).click();
    const sheet = phone.getByRole('dialog', { name: 'Filter' });
    await sheet.waitFor();
    for (const title of ['Departments', 'Industries', 'Topics']) expectFits(await measure(sheet.getByRole('group', { name: title })), `${title} (phone)`);
    await checkPage(phone, 'dashboard-mobile-filter-lists');
    await mobile.close();
  });

  it('keeps the filter bar within the window at 1280 px in at most two rows (the order, page size and Reset together), with no filter and with every filter applied, and in line when a date is mistyped', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signInToDashboard(page);
    const bar = page.getByTestId('filter-bar');
    /** The bottom edge of each control of the bar, by its label or name: one row means one bottom. */
    const bottoms = () =>
      bar.evaluate((element) =>
        [...element.querySelectorAll('button, input:not([type="date"]), select, [role="slider"]')]
          .filter((control) => !control.closest('[role="slider"]') || control.getAttribute('role') === 'slider')
          .filter((control) => !(control as HTMLElement).closest('[aria-hidden="true"]') && (control as HTMLElement).offsetParent !== null)
          .filter((control) => control.getAttribute('role') !== 'slider' && !control.getAttribute('aria-label')?.includes('choose from a calendar'))
          .map((control) => ({ name: control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.id, bottom: Math.round(control.getBoundingClientRect().bottom) })),
      );
    const rowsOf = async () => new Set((await bottoms()).map((control) => control.bottom)).size;
    const expectWithinWindow = async (when: string) => {
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
      expect(widths.document, `${when}: the page is ${widths.document} px wide`).toBeLessThanOrEqual(widths.window);
      const reset = await page.getByRole('button', { name: 'Reset', exact: true }).boundingBox();
      expect(reset!.x + reset!.width, when).toBeLessThanOrEqual(widths.window);
    };
    // Five lists (the Status filter of issue 42 the fifth), two dates and importance fill the first
    // row; the order, page size and Reset wrap together onto a second one.
    expect(await rowsOf(), `no filters: ${JSON.stringify(await bottoms())}`).toBeLessThanOrEqual(2);
    await expectWithinWindow('no filters');

    // Every filter applied: a query (Most relevant), two departments, an industry, a topic, importance, dates.
    await page.getByTestId('dashboard-search-input').fill('market');
    for (const title of ['Departments', 'Industries', 'Topics']) {
      await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
      const group = page.getByRole('group', { name: title });
      await group.getByRole('checkbox').first().check();
      if (title === 'Departments') await group.getByRole('checkbox').nth(1).check();
      await page.keyboard.press('Escape');
    }
    // Each press focuses the thumb again: the filters applied above re-render the bar, and a key
    // pressed while the thumb had lost focus went nowhere (this journey's one flaky failure).
    const minimum = page.getByRole('slider', { name: 'Minimum importance' });
    for (let step = 0; step < 3; step++) await minimum.press('ArrowRight');
    await page.getByText('Importance: 3 to 10').waitFor();
    await page.getByLabel('Start date', { exact: true }).fill('01/01/2020');
    await page.getByLabel('End date', { exact: true }).fill('31/12/2026');
    await page.getByLabel('End date', { exact: true }).press('Enter');
    await page.waitForFunction(() => !(document.querySelector('[data-testid="filter-bar"] button.btn-secondary') as HTMLButtonElement | null)?.disabled);
    // Too much for one row: the order, page size and Reset take a second one, inside the window.
    await expectWithinWindow('every filter applied');
    const rowsWithEveryFilter = await rowsOf();
    expect(rowsWithEveryFilter).toBeLessThanOrEqual(2);
    // The dates give way for the row, never so far that a date is cut.
    for (const label of ['Start date', 'End date']) {
      const fits = await page.getByLabel(label, { exact: true }).evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
      expect(fits, label).toBe(true);
    }
    await screenshot(page, 'dashboard-filter-bar-all-filters-desktop');

    // A mistyped date says so below its field without moving the other controls.
    await page.getByLabel('Start date', { exact: true }).fill('31/02/20x');
    await page.getByLabel('Start date', { exact: true }).press('Enter');
    await page.getByText('Enter a date as dd/mm/yyyy').waitFor();
    expect(await rowsOf(), 'a mistyped date').toBe(rowsWithEveryFilter);
    await expectWithinWindow('a mistyped date');
    const message = await page.getByText('Enter a date as dd/mm/yyyy').boundingBox();
    const startDate = await page.getByLabel('Start date', { exact: true }).boundingBox();
    expect(message!.y).toBeGreaterThanOrEqual(startDate!.y + startDate!.height);
    expect(message!.x).toBeGreaterThanOrEqual(startDate!.x - 1);
    await screenshot(page, 'dashboard-filter-bar-invalid-date-desktop');
    await context.close();
  });

  it('puts the dashboard back where the reader left it, after Back and after Return to Dashboard', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signInToDashboard(page);
    await page.evaluate(() => localStorage.removeItem('dashboardState'));
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-results').getByTestId('policy-card').nth(19).waitFor({ timeout: 20_000 });

    /** Scrolls to `top`, opens the card in view, and comes back the given way: where does the dashboard land? */
    const leaveAndReturn = async (top: number, way: 'Back' | 'Return to Dashboard') => {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 1, top);
      const title = page.getByTestId('dashboard-results').getByRole('heading', { level: 2 }).filter({
        has: page.locator('a'),
      });
      const index = await firstUncoveredTitle(title);
      await title.nth(index).getByRole('link').click();
      await waitForPath(page, /^\/policy\/\d+$/);
      await page.getByRole('link', { name: 'Return to Dashboard' }).waitFor();
      if (way === 'Back') await page.goBack();
      else await page.getByRole('link', { name: 'Return to Dashboard' }).click();
      await waitForPath(page, /^\/dashboard$/);
      // The position is restored in the commit that puts the results on screen.
      await page.getByTestId('dashboard-results').waitFor();
      return page.evaluate(() => window.scrollY);
    };
    for (const top of [900, 2000]) {
      for (const way of ['Back', 'Return to Dashboard'] as const) {
        const landed = await leaveAndReturn(top, way);
        expect(Math.abs(landed - top), `${way} from ${top} px landed at ${landed}`).toBeLessThanOrEqual(10);
      }
    }
    await context.close();
  });

  it('puts the dashboard back at 1,500 px after a policy and Back, as the demo subscriber has it on signing in', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signInToDashboard(page);
    const titles = page.getByTestId('dashboard-results').getByRole('heading', { level: 2 }).filter({ has: page.locator('a') });
    await titles.nth(19).waitFor({ timeout: 20_000 });
    const top = 1500;
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 1, top);
    const index = await firstUncoveredTitle(titles);
    const title = (await titles.nth(index).textContent()) ?? '';
    await titles.nth(index).getByRole('link').click();
    await waitForPath(page, /^\/policy\/\d+$/);
    await page.getByRole('link', { name: 'Return to Dashboard' }).waitFor();
    await page.goBack();
    await waitForPath(page, /^\/dashboard$/);
    // Polled, not read once: the position is reached when the page is tall enough, however late.
    const landed = await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 5, top, { timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    expect(landed, `Back from ${top} px landed at ${await page.evaluate(() => window.scrollY)}`).toBe(true);
    // The card the reader opened is on screen again.
    const card = await titles.filter({ hasText: title }).first().boundingBox();
    expect(card!.y).toBeGreaterThanOrEqual(0);
    expect(card!.y + card!.height).toBeLessThanOrEqual(900);
    await context.close();
  });

  it('puts the dashboard back where the reader left it when its results come late after Back, unless the reader moved first', async () => {
    const context = await newContext(browser, 'desktop');
    // The page's clock, moved by the test: past the 15 s the dashboard's answers stay fresh (so
    // Back asks the API again, and its answer can be held) and past the old 1 s restore give-up.
    await context.clock.install();
    const page = await context.newPage();
    await signInToDashboard(page);
    await page.evaluate(() => localStorage.removeItem('dashboardState'));
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-results').getByTestId('policy-card').nth(19).waitFor({ timeout: 20_000 });
    const titles = page.getByTestId('dashboard-results').getByRole('heading', { level: 2 }).filter({ has: page.locator('a') });

    /** Opens the first card on screen at `top` and comes Back with the results held; answers that card's title. */
    const openAndComeBackLate = async (top: number) => {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 1, top);
      const index = await firstUncoveredTitle(titles);
      const title = (await titles.nth(index).textContent()) ?? '';
      await titles.nth(index).getByRole('link').click();
      await waitForPath(page, /^\/policy\/\d+$/);
      await page.getByRole('link', { name: 'Return to Dashboard' }).waitFor();
      const search = await holdSearches(page);
      await page.clock.fastForward(16_000);
      await page.goBack();
      await waitForPath(page, /^\/dashboard$/);
      await page.getByTestId('results-skeleton').waitFor();
      await search.held;
      await page.clock.runFor(1_500);
      return { title, release: search.release };
    };
    const results = page.getByTestId('dashboard-results');

    const top = 1500;
    const first = await openAndComeBackLate(top);
    await first.release();
    await results.waitFor();
    const landed = await page.evaluate(() => window.scrollY);
    expect(Math.abs(landed - top), `Back from ${top} px landed at ${landed}`).toBeLessThanOrEqual(5);
    const card = await titles.filter({ hasText: first.title }).first().boundingBox();
    expect(card!.y).toBeGreaterThanOrEqual(0);
    expect(card!.y + card!.height).toBeLessThanOrEqual(900);

    // The reader going to the top while the results load stays there.
    const second = await openAndComeBackLate(top);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.scrollY === 0);
    await second.release();
    await results.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
