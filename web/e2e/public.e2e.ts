import type { Browser, BrowserContext, Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkPage, demoPassword, expectToast, signIn, signInOnLoginPage, waitForPath } from './account-helpers.ts';
import { baseUrl, launchBrowser, newContext, screenshot, viewports } from './browser.ts';

const openPages = [
  { path: '/', name: 'landing', heading: /Chinese government policy/ },
  { path: '/login', name: 'login', heading: null },
  { path: '/privacy-policy', name: 'privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', name: 'terms-of-service', heading: 'Terms of Service' },
  { path: '/help-center', name: 'help-center', heading: 'Help Center' },
  { path: '/about-us', name: 'about-us', heading: /About/ },
  { path: '/contact', name: 'contact', heading: 'Contact Us' },
] as const;

describe('public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function withPage(viewport: keyof typeof viewports, run: (page: Page, context: BrowserContext) => Promise<void>) {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    try {
      await run(page, context);
    } finally {
      await context.close();
    }
  }

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`renders every open page accessibly at ${viewports[viewport].width} px`, async () => {
      await withPage(viewport, async (page) => {
        for (const openPage of openPages) {
          await page.goto(openPage.path);
          if (openPage.heading) await page.getByRole('heading', { level: 1, name: openPage.heading }).waitFor();
          else await page.getByRole('tab', { name: 'Login' }).waitFor();
          await checkPage(page, `${openPage.name}-${viewport}`);
          // Nothing may overflow sideways at 390 px.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${openPage.path} overflows`).toBeLessThanOrEqual(0);
        }
      });
    });
  }

  it('fits every open page into 360 px without sideways scrolling', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const openPage of openPages) {
      await page.goto(openPage.path);
      if (openPage.heading) await page.getByRole('heading', { level: 1, name: openPage.heading }).waitFor();
      else await page.getByRole('tab', { name: 'Login' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${openPage.path} overflows at 360 px`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it('opens the signup dialog from the keyboard and signs in with the landing Sign In dialog', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Start Free Trial' }).first().waitFor();
      let reached = false;
      for (let press = 0; press < 10 && !reached; press++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.textContent === 'Start Free Trial');
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Create your account' }).waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await dialog.waitFor();
      await checkPage(page, 'sign-in-dialog-desktop');
      await dialog.getByLabel('Email or Username').fill('  reader@example.com ');
      await dialog.getByLabel('Password').fill(demoPassword);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expectToast(page, 'Welcome back!');
      await waitForPath(page, '/dashboard');
    });
  });

  it('shows the landing page without a top bar, and the top bar everywhere else', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Start Free Trial' }).first().waitFor();
      expect(await page.getByRole('region', { name: 'Latest policy updates' }).count()).toBe(0);
      const body = (await page.textContent('body')) ?? '';
      expect(body).toContain('Beta 1.0 Now Available');
      expect(body.toLowerCase()).not.toContain('no credit card');
      for (const code of ['CSRC', 'PBOC', 'MOHRSS', 'HKMA', 'NHC']) expect(body).toContain(code);
      for (const feature of ['Real-Time Monitoring', 'Instant Translations', 'AI-Powered Analysis', 'Advanced Search']) {
        await page.getByRole('heading', { name: feature }).waitFor();
      }
      expect(await page.locator('#features').count()).toBe(1);

      await page.goto('/about-us');
      await page.getByRole('region', { name: 'Latest policy updates' }).getByText('Please sign in to view policy updates').waitFor();
    });
  });

  it('opens the FAQ accordion and the signup dialog, and checks the password rules as they are typed', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/');
      const question = page.getByRole('button', { name: 'How does the free trial work?' });
      await question.click();
      await page.getByText('starts when you complete checkout').waitFor();

      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill('short');
      await dialog.getByText('Password strength: Weak').waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill('shortPass1');
      await dialog.getByText('Password strength: Medium').waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill('Long-enough-Pass1');
      await dialog.getByText('Password strength: Strong').waitFor();
      await dialog.getByText('Full Access').first().waitFor();
      await checkPage(page, 'signup-dialog-desktop');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
    await withPage('mobile', async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
      await checkPage(page, 'signup-dialog-mobile');
    });
  });

  it('sends a visitor from a protected page to /login with a toast, then back after signing in', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/account');
      await expectToast(page, 'Authentication required', 'Please sign in to access this page');
      await waitForPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account');
      await signInOnLoginPage(page, 'reader@example.com', demoPassword);
      await expectToast(page, 'Welcome back!', 'You have successfully logged in.');
      await waitForPath(page, '/account');
      await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    });
  });

  it('remembers the protected page reached by a link, not the page the link was on', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/about-us');
      await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Dashboard' }).click();
      await expectToast(page, 'Authentication required');
      await waitForPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
      expect(await page.getByTestId('toast').count()).toBe(1);
    });
  });

  it('ignores a redirect parameter that leaves the site', async () => {
    await withPage('desktop', async (page) => {
      await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
      await signInOnLoginPage(page, 'reader@example.com', demoPassword);
      await waitForPath(page, '/dashboard');
      expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
      expect(page.url()).not.toContain('evil.example');
    });
  });

  it('reports a failed login', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/login');
      await signInOnLoginPage(page, 'reader@example.com', 'not-the-password');
      await expectToast(page, 'Login failed');
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  /** The contact messages Postgres holds with this subject. */
  async function storedContactMessages(subject: string) {
    const sql = postgres(inject('databaseUrl'), { max: 1 });
    try {
      return await sql<{ name: string; email: string; company: string | null; message: string; ip: string | null }[]>`
        select name, email, company, message, ip from contact_messages where subject = ${subject}`;
    } finally {
      await sql.end();
    }
  }

  it('sends the contact form to the API, which stores the message, and clears it', async () => {
    await withPage('desktop', async (page) => {
      const subject = `Enterprise plan ${Date.now()}`;
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Name is required').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Li Wei');
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      await page.getByLabel('Company (optional)').fill('Acme Trading');
      await page.getByLabel('Subject').fill(subject);
      await page.getByLabel('Message').fill('We would like accounts for a team of twelve.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      await page.getByLabel('Email', { exact: true }).fill('li.wei@example.com');
      // Held for a moment, so the sending state can be seen before the answer arrives.
      await page.route('**/api/contact', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByRole('button', { name: 'Sending...' }).waitFor();
      await expectToast(page, 'Message sent', "We'll get back to you as soon as possible.");
      expect(await page.getByLabel('Subject').inputValue()).toBe('');
      await screenshot(page, 'contact-sent-desktop');

      const stored = await storedContactMessages(subject);
      expect(stored).toEqual([
        { name: 'Li Wei', email: 'li.wei@example.com', company: 'Acme Trading', message: 'We would like accounts for a team of twelve.', ip: expect.any(String) },
      ]);
    });
  });

  it('sends the contact form at 390 px, then shows the server\'s refusal once the address has sent too many', async () => {
    await withPage('mobile', async (page) => {
      const subject = `Phone question ${Date.now()}`;
      const fill = async () => {
        await page.getByLabel('Name', { exact: true }).fill('Zhang Min');
        await page.getByLabel('Email', { exact: true }).fill('zhang.min@example.com');
        await page.getByLabel('Subject').fill(subject);
        await page.getByLabel('Message').fill('Is there an SMS alert option?');
      };
      await page.goto('/contact');
      await fill();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Message sent', "We'll get back to you as soon as possible.");
      await screenshot(page, 'contact-sent-mobile');
      expect(await storedContactMessages(subject)).toHaveLength(1);

      // Use up this address's hourly allowance, then send once more from the form.
      const statuses = await page.evaluate(async (body) => {
        const seen: number[] = [];
        for (let index = 0; index < 10 && !seen.includes(429); index++) {
          const response = await fetch('/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
          seen.push(response.status);
        }
        return seen;
      }, JSON.stringify({ name: 'Zhang Min', email: 'zhang.min@example.com', subject: `${subject} (more)`, message: 'Again.' }));
      expect(statuses.at(-1)).toBe(429);
      await fill();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Error', 'Too many messages from your address. Please try again later.');
      // Refused, so the form keeps what the visitor wrote.
      expect(await page.getByLabel('Subject').inputValue()).toBe(subject);
      expect(await storedContactMessages(subject)).toHaveLength(1);
    });
  });

  it('lands on the FAQ section of the Help Center from the landing header', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
      await waitForPath(page, '/help-center');
      // The landing page has its own #faq; the Help Center's page is there once #data-integration is.
      await page.locator('#data-integration').waitFor();
      await page.waitForFunction(() => {
        const top = document.getElementById('faq')?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < 200;
      });
    });
  });

  it('tells the subscriber the payment is still processing when verification does not succeed', async () => {
    await withPage('desktop', async (page) => {
      // Signed out, the verification call answers 401: a non-OK answer.
      await page.goto('/subscription-success?session_id=cs_unknown');
      await page.getByRole('heading', { name: 'Processing Your Subscription' }).waitFor();
      await expectToast(page, 'Processing...', 'Your payment is being processed');
      await page.getByText('log in with the email address you used when you signed up').waitFor();
      await page.getByRole('link', { name: 'Return to Homepage' }).waitFor();

      // No answer at all.
      await page.route('**/api/verify-subscription', (route) => route.abort('connectionrefused'));
      await page.goto('/subscription-success?session_id=cs_unknown');
      await expectToast(page, 'Processing', 'Your account is being set up. Please check your email for confirmation.');
      expect(await page.evaluate(() => localStorage.getItem('showWelcomePopup'))).toBeNull();
    });
  });

  it('warns about a missing session id on the subscription success page', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      await withPage(viewport, async (page) => {
        await page.goto('/subscription-success');
        await expectToast(page, 'Error', 'Invalid session ID');
        await page.getByRole('heading', { name: 'No payment to confirm' }).waitFor();
        await page.getByRole('link', { name: 'Return to Homepage' }).waitFor();
        // No success claimed, and no sign-in advice, without a checkout session.
        expect(await page.getByText(/payment was successful|Welcome to the Pro plan|log in with the email/).count()).toBe(0);
        await checkPage(page, `subscription-success-${viewport}`);
      });
    }
    await withPage('desktop', async (page) => {
      await signIn(page, 'reader@example.com');
      await page.goto('/subscription-success');
      await page.getByRole('heading', { name: 'No payment to confirm' }).waitFor();
      await page.getByRole('link', { name: 'View Subscription' }).waitFor();
      expect(await page.getByText(/log in with the email/).count()).toBe(0);
    });
  });

  it('sends a signed-in visitor who clicks Start Free Trial to /subscribe, or to the dashboard when they can read everything', async () => {
    await withPage('desktop', async (page) => {
      await signIn(page, 'reader@example.com');
      await page.goto('/');
      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      await waitForPath(page, '/subscribe');
      expect(await page.getByRole('dialog', { name: 'Create your account' }).count()).toBe(0);
    });
    await withPage('desktop', async (page) => {
      await signIn(page, 'subscriber@example.com');
      await page.goto('/');
      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      await waitForPath(page, '/dashboard');
    });
  });
});
