import { addDays, addMonths } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, subscriptions, users } from '../../../db/schema/index.ts';
import { hasFullAccess } from '../../billing/entitlement.ts';
import type { SubscriptionView } from '../../shared/billing-schemas.ts';
import { createSignedInUser, sessionCookieFrom, signInAs, testPassword } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

describe('billing with the local payment provider', () => {
  let ctx: TestContext;
  const start = new Date('2026-03-02T10:00:00Z');

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.clock.set(start));

  let emailSequence = 0;
  const newEmail = () => `signup${++emailSequence}@example.com`;

  async function signup(email = newEmail()) {
    const response = await ctx.request('/api/create-signup-checkout', {
      json: { priceId: 'pro', metadata: { firstName: 'Ada', lastName: 'Lovelace', email, password: testPassword } },
    });
    expect(response.status).toBe(200);
    const cookie = sessionCookieFrom(ctx, response);
    expect(cookie).not.toBeNull();
    const { checkoutUrl, user } = (await response.json()) as { checkoutUrl: string; user: { id: number } };
    return { cookie: cookie!, checkoutUrl, userId: user.id };
  }

  const pathOf = (url: string) => new URL(url).pathname;
  const sessionIdOf = (checkoutUrl: string) => pathOf(checkoutUrl).split('/').at(-1)!;

  async function pay(cookie: string, checkoutUrl: string) {
    return ctx.request(`${pathOf(checkoutUrl)}/pay`, { json: {}, cookie });
  }

  async function subscription(cookie: string): Promise<SubscriptionView> {
    const response = await ctx.request('/api/subscription', { cookie });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function portal(cookie: string, action: string) {
    return ctx.request(`/api/billing/local/portal/${action}`, { json: {}, cookie });
  }

  async function entitled(userId: number) {
    return hasFullAccess(ctx.db, { id: userId, role: 'user' }, ctx.deps.now());
  }

  /** A subscribed (trialing) user, signed in. */
  async function subscribedUser() {
    const account = await signup();
    expect((await pay(account.cookie, account.checkoutUrl)).status).toBe(200);
    return account;
  }

  it('takes a signup through checkout to an entitled, trialing user', async () => {
    const { cookie, checkoutUrl, userId } = await signup();
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:3000\/api\/billing\/local\/checkout\/lcs_[\w-]{32}\?from=signup$/);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({ username: account!.email, name: 'Ada Lovelace', role: 'user' });

    expect(await subscription(cookie)).toMatchObject({ status: 'none', plan: null, entitled: false });
    expect(await entitled(userId)).toBe(false);

    const page = await ctx.request(`${pathOf(checkoutUrl)}?from=signup`, { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const body = await page.text();
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('Local test payment provider');
    expect(body).toContain('$25');
    expect(body).toMatch(/<button type="submit" class="primary">Pay<\/button>/);
    expect(body).toContain('href="http://localhost:3000/subscribe?checkout=cancelled"'); // Cancel returns to /subscribe, which says the account is kept.

    const sessionId = sessionIdOf(checkoutUrl);
    const before = await ctx.request('/api/verify-subscription', { json: { sessionId }, cookie });
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ verified: false, subscription: { status: 'none' } });

    const paid = await pay(cookie, checkoutUrl);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ redirectTo: `http://localhost:3000/subscription-success?session_id=${sessionId}` });
    // Pay pressed twice: the second press changes nothing and lands on the same page.
    expect(await (await pay(cookie, checkoutUrl)).json()).toEqual({ redirectTo: expect.stringContaining(sessionId) });

    const verified = await ctx.request('/api/verify-subscription', { json: { sessionId }, cookie });
    const trialEnd = addDays(start, 7).toISOString();
    expect(await verified.json()).toEqual({
      verified: true,
      subscription: {
        status: 'trialing',
        plan: 'pro',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: trialEnd,
        nextBillingDate: trialEnd,
        trialEnd,
        entitled: true,
      },
    });
    expect(await entitled(userId)).toBe(true);

    const again = await ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toMatch(/already have an active subscription/);

    // The trial ends and the first month is billed: active, the period runs a calendar month on.
    ctx.clock.set(addDays(start, 8));
    const renewed = await subscription(await signInAs(ctx, userId));
    expect(renewed).toMatchObject({
      status: 'active',
      currentPeriodEnd: addMonths(addDays(start, 7), 1).toISOString(),
      nextBillingDate: addMonths(addDays(start, 7), 1).toISOString(),
      entitled: true,
    });
  });

  it('records the account the signup made in the audit log', async () => {
    const { userId } = await signup();
    const rows = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user_registered'), eq(auditLog.subject, `user:${userId}`)));
    expect(rows).toMatchObject([{ actorId: userId, details: { via: 'signup-checkout' } }]);
  });

  it('refuses a signup with a taken email or a weak password, with errors[0].message', async () => {
    const email = newEmail();
    await signup(email);
    const taken = await ctx.request('/api/create-signup-checkout', {
      json: { priceId: 'pro', metadata: { firstName: 'B', lastName: 'C', email: email.toUpperCase(), password: testPassword } },
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: { code: 'conflict', message: 'An account with this email already exists' },
      errors: [{ message: 'An account with this email already exists' }],
    });

    const weak = await ctx.request('/api/create-signup-checkout', {
      json: { priceId: 'pro', metadata: { firstName: 'B', lastName: 'C', email: newEmail(), password: 'short' } },
    });
    expect(weak.status).toBe(400);
    const weakBody = await weak.json();
    expect(weakBody.errors[0].message).toBe('Password must be at least 12 characters');
    expect(weakBody.error.message).toBe('Password must be at least 12 characters');

    const empty = await ctx.request('/api/create-signup-checkout', { json: { priceId: 'basic', metadata: {} } });
    expect(empty.status).toBe(400);
    const messages = (await empty.json()).errors.map((error: { message: string }) => error.message);
    expect(messages).toEqual(expect.arrayContaining(['priceId must be "pro"', 'First name is required', 'Email is required']));
  });

  it('answers the same checkout to a double click, and 401 when signed out', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const [first, second] = await Promise.all([
      ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie }),
      ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie }),
    ]);
    const urls = [(await first.json()).checkoutUrl, (await second.json()).checkoutUrl];
    expect(urls[0]).toMatch(/\/api\/billing\/local\/checkout\/lcs_[\w-]+$/);
    expect(urls[1]).toBe(urls[0]);

    expect((await ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' } })).status).toBe(401);
    expect((await ctx.request('/api/subscription')).status).toBe(401);
    const page = await ctx.request(pathOf(urls[0]));
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('/login?redirect=%2Fsubscribe');
  });

  it('cancels at the period end: access until then, none after, and a new subscription has no second trial', async () => {
    const { cookie, userId } = await subscribedUser();
    expect(await (await portal(cookie, 'cancel')).json()).toEqual({ redirectTo: 'http://localhost:3000/api/billing/local/portal' });
    const trialEnd = addDays(start, 7);
    expect(await subscription(cookie)).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: trialEnd.toISOString(),
      nextBillingDate: null,
      entitled: true,
    });
    expect((await portal(cookie, 'cancel')).status).toBe(409);

    ctx.clock.set(addDays(trialEnd, 1));
    // The entitlement check applies the local calendar itself, before anything rewrites the row.
    expect(await entitled(userId)).toBe(false);
    const later = await signInAs(ctx, userId);
    expect(await subscription(later)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true, nextBillingDate: null, entitled: false });

    const checkout = await ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie: later });
    expect(checkout.status).toBe(200);
    const { checkoutUrl } = await checkout.json();
    expect(checkoutUrl).not.toContain('from=signup');
    const page = await (await ctx.request(pathOf(checkoutUrl), { cookie: later })).text();
    expect(page).toContain('href="http://localhost:3000/subscribe"');
    expect(page).toContain('You have had the free trial');
    expect((await pay(later, checkoutUrl)).status).toBe(200);
    expect(await subscription(later)).toMatchObject({
      status: 'active',
      trialEnd: null,
      nextBillingDate: addMonths(addDays(trialEnd, 1), 1).toISOString(),
      entitled: true,
    });
  });

  it('resumes a cancelled subscription before the period ends, which then renews', async () => {
    const { cookie, userId } = await subscribedUser();
    expect((await portal(cookie, 'resume')).status).toBe(409);
    expect((await portal(cookie, 'cancel')).status).toBe(200);
    expect((await portal(cookie, 'resume')).status).toBe(200);
    expect(await subscription(cookie)).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false, nextBillingDate: addDays(start, 7).toISOString() });

    ctx.clock.set(addDays(start, 10));
    expect(await subscription(await signInAs(ctx, userId))).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, entitled: true });
  });

  it('walks the payment-failure path: past_due keeps access to the period end, then unpaid, then paid again', async () => {
    const { cookie, userId } = await subscribedUser();
    expect((await portal(cookie, 'simulate-payment-success')).status).toBe(409);
    expect((await portal(cookie, 'simulate-payment-failure')).status).toBe(200);
    expect(await subscription(cookie)).toMatchObject({
      status: 'past_due',
      currentPeriodEnd: addDays(start, 7).toISOString(),
      nextBillingDate: null,
      entitled: true,
    });
    expect(await entitled(userId)).toBe(true);

    ctx.clock.set(addDays(start, 7));
    expect(await entitled(userId)).toBe(false);
    const later = await signInAs(ctx, userId);
    expect(await subscription(later)).toMatchObject({ status: 'unpaid', entitled: false });
    const portalPage = await (await ctx.request('/api/billing/local/portal', { cookie: later })).text();
    expect(portalPage).toContain('Payment failed');
    expect(portalPage).toContain('Simulate successful payment');

    expect((await portal(later, 'simulate-payment-success')).status).toBe(200);
    expect(await subscription(later)).toMatchObject({
      status: 'active',
      currentPeriodEnd: addMonths(addDays(start, 7), 1).toISOString(),
      entitled: true,
    });
  });

  it('grants nothing for an invented or someone else’s session id', async () => {
    const owner = await signup();
    const stranger = await createSignedInUser(ctx);
    const ownerSession = sessionIdOf(owner.checkoutUrl);

    for (const sessionId of ['cs_test_invented', 'lcs_invented', ownerSession]) {
      const verify = await ctx.request('/api/verify-subscription', { json: { sessionId }, cookie: stranger.cookie });
      expect(verify.status).toBe(404);
    }
    expect((await pay(stranger.cookie, owner.checkoutUrl)).status).toBe(404);
    const page = await ctx.request(pathOf(owner.checkoutUrl), { cookie: stranger.cookie });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(owner.checkoutUrl);
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, stranger.user.id))).toEqual([]);
    expect(await subscription(stranger.cookie)).toMatchObject({ status: 'none', entitled: false });
  });

  it('serves the portal with a clearly labelled test control, and no Stripe webhook', async () => {
    const { cookie } = await subscribedUser();
    const portalCall = await ctx.request('/api/create-billing-portal', { method: 'POST', cookie });
    expect(await portalCall.json()).toEqual({ url: 'http://localhost:3000/api/billing/local/portal' });
    const page = await ctx.request('/api/billing/local/portal', { cookie });
    const body = await page.text();
    expect(body).toContain('Local test payment provider');
    expect(body).toMatch(/<h2 id="test-controls-title">Test controls<\/h2>/);
    expect(body).toContain('Simulate payment failure');
    expect(body).toContain('Cancel subscription');
    expect(body).toContain('href="http://localhost:3000/account"');

    const script = await ctx.request('/api/billing/local/assets/local-billing.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain("'Content-Type': 'application/json'");

    // The pages post JSON: a cross-site form post is refused like any other.
    const formPost = await ctx.app.request('/api/billing/local/portal/cancel', {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    expect(formPost.status).toBe(415);
    expect((await ctx.request('/api/stripe/webhook', { json: {} })).status).toBe(404);
  });
});
