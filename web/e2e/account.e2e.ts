import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPage,
  demoPassword,
  expectToast,
  signIn,
  signInOnLoginPage,
  signOutFromMenu,
  strongPassword,
  uniqueEmail,
  waitForPath,
} from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';

describe('subscriber account journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /** Landing signup, local checkout, success page: ends signed in on /dashboard. */
  async function signUpAndPay(page: Page, email: string, password: string) {
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('First name').fill('Mei');
    await dialog.getByLabel('Last name').fill('Chen');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    // The toast shows only until the browser leaves for checkout: stop that first navigation (an
    // aborted navigation leaves the page as it was), read the toast, then open the checkout.
    let checkoutUrl = '';
    await page.route(/\/api\/billing\/local\/checkout\//, (route) => {
      checkoutUrl = route.request().url();
      return route.abort('aborted');
    }, { times: 1 });
    await dialog.getByRole('button', { name: 'Complete Signup' }).click();
    await expectToast(page, 'Account Created!', 'Redirecting to payment page...');
    await expect.poll(() => checkoutUrl).not.toBe('');
    await page.goto(checkoutUrl);
    await page.getByRole('heading', { name: 'Subscribe to Full Access' }).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();

    await waitForPath(page, '/subscription-success');
    expect(new URL(page.url()).searchParams.get('session_id')).toBeTruthy();
    await page.getByRole('heading', { name: 'Processing Your Subscription' }).waitFor();
    await waitForPath(page, '/dashboard', 20_000);
  }

  it('signs up from the landing page, pays at the local checkout, is welcomed on the dashboard, signs out and comes back', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const email = uniqueEmail('signup');
    await signUpAndPay(page, email, strongPassword);

    const welcome = page.getByRole('dialog', { name: /Welcome to .* Pro/ });
    await welcome.waitFor({ timeout: 15_000 });
    await welcome.getByRole('button', { name: 'Get Started' }).click();
    await welcome.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('showWelcomePopup'))).toBeNull();

    // The top bar ticker shows the latest policies once signed in.
    await page.getByTestId('ticker-item').waitFor({ timeout: 15_000 });

    await page.goto('/account');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await subscription.getByText('Trial', { exact: true }).waitFor();
    await subscription.getByText(/Next billing date: /).waitFor();
    await subscription.getByRole('button', { name: 'Manage Billing' }).waitFor();

    await signOutFromMenu(page);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/account');
    await expectToast(page, 'Authentication required', 'Please sign in to access this page');
    await waitForPath(page, '/login');
    await signInOnLoginPage(page, email, strongPassword);
    await waitForPath(page, '/account');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await context.close();
  });

  it('registers on the Register tab and is signed in', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    const handle = `mei${Date.now()}`;
    await form.getByLabel('Username').fill(handle);
    await form.getByLabel('Email').fill(`${handle}@example.com`);
    await form.getByLabel('Full Name').fill('Mei Register');
    await form.getByLabel('Password', { exact: true }).fill(strongPassword);
    await form.getByLabel('Confirm Password').fill(`${strongPassword}x`);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Passwords do not match');

    await form.getByLabel('Confirm Password').fill(strongPassword);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Account created successfully! You are now logged in.');
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('changes the password, then signs in with the new one', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const email = uniqueEmail('password');
    await signUpAndPay(page, email, strongPassword);

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Password Settings' });
    await section.getByRole('button', { name: 'Update Password' }).click();
    await section.getByText('Current password is required').waitFor();
    await section.getByText('New password is required').waitFor();

    const newPassword = 'Another-Strong-Pass-42';
    await section.getByLabel('Current Password').fill('Wrong-Password-123!');
    await section.getByLabel('New Password', { exact: true }).fill('weakpass');
    await section.getByText('Password strength: Very Weak').waitFor();
    await section.getByLabel('New Password', { exact: true }).fill('weakpass1');
    await section.getByText('Password strength: Weak').waitFor();
    await section.getByLabel('New Password', { exact: true }).fill(newPassword);
    await section.getByText('Password strength: Strong').waitFor();
    await section.getByLabel('Confirm New Password').fill('Another-Strong-Pass-43');
    await section.getByRole('button', { name: 'Update Password' }).click();
    await section.getByText('Passwords do not match').waitFor();

    await section.getByLabel('Confirm New Password').fill(newPassword);
    await section.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Error', 'Current password is incorrect');

    await section.getByLabel('Current Password').fill(strongPassword);
    await section.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Success');
    expect(await section.getByLabel('Current Password').inputValue()).toBe('');

    await signOutFromMenu(page);
    await page.goto('/login');
    await signInOnLoginPage(page, email, strongPassword);
    await expectToast(page, 'Login failed');
    await signInOnLoginPage(page, email, newPassword);
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('updates the profile', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    const handle = `profile${Date.now()}`;
    await form.getByLabel('Username').fill(handle);
    await form.getByLabel('Email').fill(`${handle}@example.com`);
    await form.getByLabel('Full Name').fill('Profile Person');
    await form.getByLabel('Password', { exact: true }).fill(strongPassword);
    await form.getByLabel('Confirm Password').fill(strongPassword);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/dashboard');

    await page.goto('/account');
    const profile = page.getByRole('region', { name: 'Profile Information' });
    expect(await profile.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await profile.getByLabel('Company (optional)').fill('Harbour Capital');
    await profile.getByLabel('Job Title (optional)').fill('Compliance Lead');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated');
    await page.reload();
    await page.getByRole('region', { name: 'Profile Information' }).getByLabel('Job Title (optional)').waitFor();
    expect(await page.getByLabel('Job Title (optional)').inputValue()).toBe('Compliance Lead');
    await context.close();
  });

  it('deletes the account after typing DELETE and a reason', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const email = uniqueEmail('delete');
    await signUpAndPay(page, email, strongPassword);

    await page.goto('/account');
    await page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByText('Please type DELETE exactly as shown').waitFor();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Why are you leaving?').fill('Testing the deletion journey.');
    expect(await confirm.isDisabled()).toBe(false);
    await checkPage(page, 'account-delete-dialog-desktop');
    await confirm.click();

    await expectToast(page, 'Account Deleted');
    await waitForPath(page, '/login');
    await page.getByLabel('Email or Username').waitFor();
    await signInOnLoginPage(page, email, strongPassword);
    await expectToast(page, 'Login failed');
    await context.close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows account, subscribe and the top bar accessibly at ${viewport} size`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signIn(page, 'subscriber@example.com', demoPassword);
      await page.goto('/account');
      await page.getByRole('region', { name: 'Subscription' }).getByRole('button', { name: 'Manage Billing' }).waitFor();
      await checkPage(page, `account-${viewport}`);
      if (viewport === 'desktop') {
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
        await checkPage(page, 'account-menu-desktop');
        await page.keyboard.press('Escape');
      }
      await context.close();

      const readerContext = await newContext(browser, viewport);
      const readerPage = await readerContext.newPage();
      await signIn(readerPage, 'reader@example.com', demoPassword);
      await readerPage.goto('/account');
      await readerPage.getByText('No active subscription').waitFor();
      await readerPage.getByRole('link', { name: 'Subscribe Now' }).click();
      await waitForPath(readerPage, '/subscribe');
      await readerPage.getByRole('heading', { name: 'Start Your Subscription' }).waitFor();
      await checkPage(readerPage, `subscribe-${viewport}`);
      await readerContext.close();
    });
  }

  it('describes every subscription status in Account Settings', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signIn(page, 'reader@example.com', demoPassword);
    const periodEnd = '2031-05-17T00:00:00.000Z';
    const cases = [
      { status: 'active', cancelAtPeriodEnd: false, texts: ['Active', 'Next billing date: May 17, 2031'], button: 'Manage Billing' },
      { status: 'trialing', cancelAtPeriodEnd: true, texts: ['Trial', 'Cancelling', 'Access ends: May 17, 2031'], button: 'Manage Billing' },
      { status: 'none', cancelAtPeriodEnd: false, texts: ['No active subscription'], button: 'Subscribe Now' },
      { status: 'inactive', cancelAtPeriodEnd: false, texts: ['No active subscription'], button: 'Subscribe Now' },
      { status: 'canceled', cancelAtPeriodEnd: true, texts: ['Subscription cancelled', 'stays active until May 17, 2031'], button: 'Reactivate Subscription' },
      { status: 'canceled', cancelAtPeriodEnd: false, texts: ['Subscription cancelled', 'Subscribe again'], button: 'Reactivate Subscription' },
      { status: 'unpaid', cancelAtPeriodEnd: false, texts: ['Payment failed'], button: 'Update Payment Method' },
      { status: 'past_due', cancelAtPeriodEnd: false, texts: ['Payment overdue'], button: 'Update Payment Method' },
      { status: 'incomplete', cancelAtPeriodEnd: false, texts: ['Setup incomplete, try subscribing again'], button: 'Subscribe Now' },
      { status: 'incomplete_expired', cancelAtPeriodEnd: false, texts: ['Setup incomplete, try subscribing again'], button: 'Subscribe Now' },
    ];
    for (const example of cases) {
      await page.route('**/api/subscription', (route) =>
        route.fulfill({
          json: {
            status: example.status,
            plan: example.status === 'none' ? null : 'pro',
            cancelAtPeriodEnd: example.cancelAtPeriodEnd,
            currentPeriodEnd: periodEnd,
            nextBillingDate: example.cancelAtPeriodEnd ? null : periodEnd,
          },
        }),
      );
      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Subscription' });
      for (const text of example.texts) await section.getByText(text).first().waitFor();
      await section.getByRole(example.button.startsWith('Manage') || example.button.startsWith('Update') ? 'button' : 'link', { name: example.button }).waitFor();
      await page.unroute('**/api/subscription');
    }

    await page.route('**/api/subscription', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }));
    await page.goto('/account');
    await page.getByText('Error loading subscription information. Please try again later.').waitFor();
    await page.unroute('**/api/subscription');

    await page.route('**/api/create-billing-portal', (route) => route.fulfill({ status: 503, json: { error: { code: 'service_unavailable', message: 'down' } } }));
    await page.route('**/api/subscription', (route) =>
      route.fulfill({ json: { status: 'past_due', plan: 'pro', cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd, nextBillingDate: periodEnd } }),
    );
    await page.goto('/account');
    await page.getByRole('button', { name: 'Update Payment Method' }).click();
    await expectToast(page, 'Error', 'Failed to access billing portal. Please try again.');
    await context.close();
  });

  it('subscribes from /subscribe through the local checkout', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    const handle = `subscribe${Date.now()}`;
    await form.getByLabel('Username').fill(handle);
    await form.getByLabel('Email').fill(`${handle}@example.com`);
    await form.getByLabel('Full Name').fill('Subscribe Person');
    await form.getByLabel('Password', { exact: true }).fill(strongPassword);
    await form.getByLabel('Confirm Password').fill(strongPassword);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/dashboard');

    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/api\/billing\/local\/checkout\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pay' }).click();
    await waitForPath(page, '/subscription-success');
    await page.getByRole('heading', { name: 'Processing Your Subscription' }).waitFor();
    await checkPage(page, 'subscription-processing-desktop');
    await waitForPath(page, '/dashboard', 20_000);
    await page.goto('/account');
    await page.getByRole('region', { name: 'Subscription' }).getByRole('button', { name: 'Manage Billing' }).waitFor();
    await context.close();
  });
});
