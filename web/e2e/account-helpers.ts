import type { Browser, Cookie, Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoPassword } from '../../api/dev/demo-users.ts';
import { newContext, screenshot, seriousAccessibilityViolations, type viewports } from './browser.ts';

export { demoPassword };

/** A fresh address per run, so journeys that create or delete accounts never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export const strongPassword = 'Correct-Horse-Battery-9';

/** Waits for a toast whose text includes `title` (and `description`, if given). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.first().waitFor({ state: 'visible', timeout: 15_000 });
  if (description) expect(await toast.first().textContent()).toContain(description);
}

export async function waitForPath(page: Page, pathname: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname + url.search)), {
    timeout,
  });
}

/** Signs in through the /login page's Login tab. */
export async function signInOnLoginPage(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signIn(page: Page, username: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or Username').waitFor();
  await signInOnLoginPage(page, username, password);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

/** Session cookies of the logins a test file has signed in, by file and login. */
const sessions = new Map<string, Cookie[]>();

/**
 * A new browser context at the viewport's width, signed in as `username` (a demo login by default
 * password). The first in a test file signs in through the login page; the file's later ones start
 * with that session's cookies, as a second tab of the same browser would (a sign-in takes seconds on
 * a busy machine, and the journeys that check signing in use signIn).
 */
export async function signedInPage(browser: Browser, viewport: keyof typeof viewports, username: string): Promise<Page> {
  const session = `${expect.getState().testPath}\n${username}`;
  const cookies = sessions.get(session);
  if (cookies) return (await newContext(browser, viewport, { storageState: { cookies, origins: [] } })).newPage();
  const page = await (await newContext(browser, viewport)).newPage();
  await signIn(page, username);
  sessions.set(session, await page.context().cookies());
  return page;
}

/** Signs out through the top bar's account menu. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expectToast(page, 'Logged out', 'You have been successfully logged out.');
  await waitForPath(page, '/');
}

/**
 * Screenshot plus axe check of the page as it is now. Waits for fonts and for the page at rest (the
 * page fade, a panel's transition: axe reads a half-faded text as too faint), and checks the page
 * title carries the product suffix.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // A frame first, so a transition the last action set off has started; endless ones (a spinner) never end.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  expect(await page.title()).toMatch(/ \| China Policy Tracker$/);
  const violations = await seriousAccessibilityViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  await screenshot(page, name);
}
