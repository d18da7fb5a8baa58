import { format, parseISO } from 'date-fns';
import type { Browser, Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
import { baseUrl, launchBrowser, newContext } from './browser.ts';

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

  it('cancelling the checkout during signup lands on /subscribe, signed in, saying the account is kept', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('First name').fill('Mei');
    await dialog.getByLabel('Last name').fill('Chen');
    await dialog.getByLabel('Email').fill(uniqueEmail('cancelled'));
    await dialog.getByLabel('Password', { exact: true }).fill(strongPassword);
    await dialog.getByRole('button', { name: 'Complete Signup' }).click();
    await page.getByRole('heading', { name: 'Subscribe to Full Access' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Cancel' }).click();
    await waitForPath(page, '/subscribe');
    const notice = page.getByRole('status').filter({ hasText: 'Checkout cancelled' });
    await notice.getByText('Your account is ready and you are signed in.', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Start Your Subscription' }).waitFor();
    await checkPage(page, 'subscribe-after-cancelled-signup-desktop');
    await context.close();
  });

  it('signs up from the landing page, pays at the local checkout, is welcomed on the dashboard, signs out and comes back', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const email = uniqueEmail('signup');
    await signUpAndPay(page, email, strongPassword);

    const welcome = page.getByRole('dialog', { name: 'Welcome to China Policy Tracker Full Access!' });
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

  it('describes every subscription status in Account Settings, each reached through the real API', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const post = async (path: string, data: unknown = {}) => {
      const response = await page.request.post(path, { headers: { Origin: baseUrl() }, data });
      expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
      return response.json().catch(() => null);
    };
    const name = `statuses${Date.now()}`;
    await post('/api/auth/register', { username: name, email: `${name}@example.com`, password: demoPassword, name: 'Status Reader' });
    const { id: userId } = (await (await page.request.get('/api/user')).json()) as { id: number };
    const longDate = (iso: string) => format(parseISO(iso), 'MMMM d, yyyy');
    const subscription = async () => (await page.request.get('/api/subscription')).json() as Promise<{ currentPeriodEnd: string }>;

    const expectAccount = async (texts: string[], button: string) => {
      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Subscription' });
      for (const text of texts) await section.getByText(text).first().waitFor();
      const role = button.startsWith('Manage') || button.startsWith('Update') ? 'button' : 'link';
      await section.getByRole(role, { name: button }).waitFor();
    };

    // The local provider's own controls, as a subscriber would use them.
    await expectAccount(['No active subscription'], 'Subscribe Now');
    const { checkoutUrl } = (await post('/api/create-checkout-session', { priceId: 'pro' })) as { checkoutUrl: string };
    await post(`${new URL(checkoutUrl).pathname}/pay`);
    const trialEnd = longDate((await subscription()).currentPeriodEnd);
    await expectAccount(['Trial', `Next billing date: ${trialEnd}`], 'Manage Billing');
    await post('/api/billing/local/portal/cancel');
    await expectAccount(['Trial', 'Cancelling', `Access ends: ${trialEnd}`], 'Manage Billing');
    await post('/api/billing/local/portal/resume');
    await post('/api/billing/local/portal/simulate-payment-failure');
    await expectAccount(['Payment overdue'], 'Update Payment Method');
    await post('/api/billing/local/portal/simulate-payment-success');
    await expectAccount(['Active', `Next billing date: ${longDate((await subscription()).currentPeriodEnd)}`], 'Manage Billing');

    // Time passing: the period end moved into the past, the provider's calendar does the rest.
    const sql = postgres(inject('databaseUrl'), { max: 1 });
    try {
      const endPeriodAgo = (days: number) =>
        sql`update subscriptions set current_period_end = now() - make_interval(days => ${days}) where user_id = ${userId}`;
      await post('/api/billing/local/portal/simulate-payment-failure');
      await endPeriodAgo(1);
      await expectAccount(['Payment failed'], 'Update Payment Method');
      await sql`update subscriptions set status = 'active', cancel_at_period_end = true, current_period_end = now() + interval '3 days' where user_id = ${userId}`;
      await endPeriodAgo(1);
      await expectAccount(['Subscription cancelled', 'Subscribe again'], 'Reactivate Subscription');

      // States only Stripe reports (its webhook stores them as they are).
      const periodEnd = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
      const asStripeReports = (status: string, cancelAtPeriodEnd: boolean) =>
        sql`update subscriptions set provider = 'stripe', status = ${status}, cancel_at_period_end = ${cancelAtPeriodEnd}, current_period_end = ${periodEnd} where user_id = ${userId}`;
      await asStripeReports('canceled', true);
      await expectAccount(['Subscription cancelled', `stays active until ${longDate(periodEnd.toISOString())}`], 'Reactivate Subscription');
      for (const status of ['incomplete', 'incomplete_expired']) {
        await asStripeReports(status, false);
        await expectAccount(['Setup incomplete, try subscribing again'], 'Subscribe Now');
      }

      // The billing portal failing (Stripe unreachable) for a subscription that needs a card.
      await asStripeReports('past_due', false);
      await page.route('**/api/create-billing-portal', (route) => route.fulfill({ status: 503, json: { error: { code: 'service_unavailable', message: 'down' } } }));
      await page.goto('/account');
      await page.getByRole('button', { name: 'Update Payment Method' }).click();
      await expectToast(page, 'Error', 'Failed to access billing portal. Please try again.');
      await page.unroute('**/api/create-billing-portal');
    } finally {
      await sql.end();
    }

    // The subscription call failing altogether.
    await page.route('**/api/subscription', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }));
    await page.goto('/account');
    await page.getByText('Error loading subscription information. Please try again later.').waitFor();
    await page.unroute('**/api/subscription');
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
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
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
