import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn, waitForPath } from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';
import { waitForSearchIndex } from './search-helpers.ts';

describe('policy detail', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await waitForSearchIndex();
  });
  afterAll(() => browser.close());

  async function firstPolicyId(request: { get: (url: string) => Promise<{ json: () => Promise<unknown> }> }): Promise<number> {
    const body = (await (await request.get('/api/search?pageSize=10')).json()) as { policies: { id: number }[] };
    return body.policies[0]!.id;
  }

  it('shows a reader without a subscription the preview and the call to subscribe', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signIn(page, 'reader@example.com');
    const id = await firstPolicyId(page.request);
    await page.goto(`/policy/${id}`);
    await page.getByTestId('subscribe-call').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Key Points' }).waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Industry Impacts' }).count()).toBe(0);
    await page.getByTestId('related-policies').getByRole('link').first().waitFor();
    await checkPage(page, 'policy-preview-desktop');
    await page.getByRole('link', { name: 'Subscribe to read more' }).click();
    await waitForPath(page, '/subscribe');
    await context.close();
  });

  it('shows the full policy on a phone, with its related policies', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    await signIn(page, 'subscriber@example.com');
    const id = await firstPolicyId(page.request);
    await page.goto(`/policy/${id}`);
    await page.getByRole('tablist', { name: 'Policy text' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Industry Impacts', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Topic Impacts' }).count()).toBe(0);
    const related = page.getByTestId('related-policies').getByRole('link').first();
    await related.waitFor();
    await checkPage(page, 'policy-mobile');

    // The detail page's search box sends its text to the dashboard.
    await page.getByRole('combobox', { name: 'Search policies on the dashboard' }).fill('tax');
    await page.getByRole('combobox', { name: 'Search policies on the dashboard' }).press('Escape');
    await page.getByRole('combobox', { name: 'Search policies on the dashboard' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('q') === 'tax');
    expect(await page.getByTestId('dashboard-search-input').inputValue()).toBe('tax');
    await context.close();
  });

  it('shows the not-found card for a policy that does not exist', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signIn(page, 'subscriber@example.com');
      await page.goto('/policy/999999');
      await page.getByTestId('policy-not-found').waitFor({ timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'Policy Not Found' }).waitFor();
      await checkPage(page, `policy-not-found-${viewport}`);
      await context.close();
    }
  });

  it('sends a visitor to the login page', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/policy/1');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/policy/1');
    await context.close();
  });
});
