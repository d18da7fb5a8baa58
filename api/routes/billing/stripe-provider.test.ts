import { addDays, addMonths } from 'date-fns';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutSessions, stripeEvents, subscriptions, users } from '../../../db/schema/index.ts';
import { createApp } from '../../app.ts';
import { hasFullAccess } from '../../billing/entitlement.ts';
import { createStripeProvider, toSubscriptionState } from '../../billing/stripe-provider.ts';
import { startStripeTestServer, type StripeTestServer } from '../../billing/testing/stripe-server.ts';
import { createSignedInUser, sessionCookieFrom, testPassword } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

const secretKey = 'sk_test_double';
const webhookSecret = 'whsec_test_double';
const priceId = 'price_test_full_access';

describe('billing with Stripe (a test double of its API on 127.0.0.1)', () => {
  let ctx: TestContext;
  let stripe: StripeTestServer;
  const start = new Date('2026-05-04T09:00:00Z');

  beforeAll(async () => {
    stripe = await startStripeTestServer({ secretKey, now: () => ctx?.deps.now() ?? new Date() });
    ctx = await createTestContext({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_ID: priceId,
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stripe.close();
  });
  beforeEach(() => ctx.clock.set(start));

  /** Delivers a payload to the webhook as Stripe does: raw JSON, signed, no Origin. */
  async function deliver(payload: string, options: { secret?: string; timestamp?: number; signature?: string | null; body?: string } = {}) {
    const signature =
      options.signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? webhookSecret,
            timestamp: options.timestamp ?? Math.floor(ctx.deps.now().getTime() / 1000),
          })
        : options.signature;
    return ctx.app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...(signature !== null && { 'Stripe-Signature': signature }) },
      body: options.body ?? payload,
    });
  }

  async function outcomeOf(response: Response) {
    expect(response.status).toBe(200);
    return ((await response.json()) as { outcome: string }).outcome;
  }

  /** A signed-in user who has started checkout (so has a Stripe customer) and paid on Stripe's page. */
  async function paidUser() {
    const { user, cookie } = await createSignedInUser(ctx);
    const response = await ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie });
    expect(response.status).toBe(200);
    const sessionId = new URL((await response.json()).checkoutUrl).pathname.split('/').at(-1)!;
    const { subscription } = stripe.completeCheckout(sessionId);
    return { user, cookie, sessionId, subscription };
  }

  async function storedSubscription(userId: number) {
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row ?? null;
  }

  it('creates the account, the customer and a subscription-mode checkout with the trial, with idempotency keys', async () => {
    const email = 'stripe-signup@example.com';
    const response = await ctx.request('/api/create-signup-checkout', {
      json: { priceId: 'pro', metadata: { firstName: 'Grace', lastName: 'Hopper', email, password: testPassword } },
    });
    expect(response.status).toBe(200);
    expect(sessionCookieFrom(ctx, response)).not.toBeNull();
    const { checkoutUrl, user } = await response.json();
    expect(checkoutUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));

    const [account] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const customer = stripe.customers.get(account!.stripeCustomerId!);
    expect(customer).toMatchObject({ email, name: 'Grace Hopper', metadata: { userId: String(user.id) } });

    const create = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(create.params).toEqual({
      mode: 'subscription',
      customer: customer!.id,
      client_reference_id: String(user.id),
      line_items: [{ price: priceId, quantity: '1' }],
      subscription_data: { metadata: { userId: String(user.id) }, trial_period_days: '7' },
      metadata: { userId: String(user.id) },
      success_url: 'http://localhost:3000/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/subscribe?checkout=cancelled',
    });
    for (const request of stripe.requests.filter((request) => request.method === 'POST')) {
      expect(request.idempotencyKey).toMatch(new RegExp(`^(customer|checkout)-${user.id}-\\d+`));
    }
  });

  it('answers a double click with one customer and one checkout session', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const before = stripe.requests.length;
    const answers = await Promise.all(
      [1, 2].map(() => ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie }).then((r) => r.json())),
    );
    expect(answers[1].checkoutUrl).toBe(answers[0].checkoutUrl);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const created = stripe.requests.slice(before).filter((request) => request.method === 'POST');
    expect(new Set(created.map((request) => request.idempotencyKey)).size).toBe(2); // one customer key, one checkout key
    expect([...stripe.customers.values()].filter((customer) => customer.metadata.userId === String(user.id))).toHaveLength(1);
    expect(account!.stripeCustomerId).toMatch(/^cus_test_/);
    expect(await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))).toHaveLength(1);

    // Coming back within the hour reopens the same checkout; later, a new one.
    const again = await (await ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie })).json();
    expect(again.checkoutUrl).toBe(answers[0].checkoutUrl);
    ctx.clock.advance(2 * 60 * 60 * 1000);
    const later = await (await ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie })).json();
    expect(later.checkoutUrl).not.toBe(answers[0].checkoutUrl);
    expect(await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))).toHaveLength(2);
  });

  it('verifies a paid session by asking Stripe, and grants nothing for an invented or foreign id', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const { checkoutUrl } = await (await ctx.request('/api/create-checkout-session', { json: { priceId: 'pro' }, cookie })).json();
    const sessionId = new URL(checkoutUrl).pathname.split('/').at(-1)!;

    const unpaid = await ctx.request('/api/verify-subscription', { json: { sessionId }, cookie });
    expect(await unpaid.json()).toMatchObject({ verified: false, subscription: { status: 'none' } });

    const invented = await ctx.request('/api/verify-subscription', { json: { sessionId: 'cs_test_invented' }, cookie });
    expect(invented.status).toBe(404);

    stripe.completeCheckout(sessionId);
    const stranger = await createSignedInUser(ctx);
    expect((await ctx.request('/api/verify-subscription', { json: { sessionId }, cookie: stranger.cookie })).status).toBe(404);
    expect(await storedSubscription(stranger.user.id)).toBeNull();

    const paid = await ctx.request('/api/verify-subscription', { json: { sessionId }, cookie });
    const trialEnd = addDays(start, 7).toISOString();
    expect(await paid.json()).toEqual({
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
    expect(await hasFullAccess(ctx.db, { id: user.id, role: 'user' }, ctx.deps.now())).toBe(true);
    const [session] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.status).toBe('complete');
  });

  it('refuses an unsigned, wrongly signed, tampered or stale event with 400', async () => {
    const { subscription } = await paidUser();
    const { id, payload } = stripe.event('customer.subscription.updated', subscription);
    const now = Math.floor(ctx.deps.now().getTime() / 1000);

    const refused = [
      await deliver(payload, { signature: null }),
      await deliver(payload, { secret: 'whsec_someone_else' }),
      await deliver(payload, { signature: 't=1,v1=deadbeef' }),
      await deliver(payload, { body: payload.replace('"status":"trialing"', '"status":"active"') }),
      await deliver(payload, { timestamp: now - 301 }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('bad_request');
    }
    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).toEqual([]);

    // Within Stripe's five minutes, judged by the app clock, the same event is accepted.
    expect(await outcomeOf(await deliver(payload, { timestamp: now - 299 }))).toBe('processed');
  });

  it('acknowledges and ignores events it does not handle', async () => {
    const { payload } = stripe.event('customer.created', { id: 'cus_test_unrelated', object: 'customer' });
    expect(await outcomeOf(await deliver(payload))).toBe('ignored');
  });

  it('processes the same event delivered 10 times at once exactly once', async () => {
    const { user, subscription } = await paidUser();
    const { id, payload } = stripe.event('customer.subscription.created', subscription);
    const retrievesBefore = stripe.count('GET', `/v1/subscriptions/${subscription.id}`);

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => deliver(payload).then(outcomeOf)));
    expect(outcomes.filter((outcome) => outcome === 'processed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9);
    expect(stripe.count('GET', `/v1/subscriptions/${subscription.id}`) - retrievesBefore).toBe(1);
    const [event] = await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
    expect(event!.processedAt).not.toBeNull();
    expect(await storedSubscription(user.id)).toMatchObject({ providerSubscriptionId: subscription.id, status: 'trialing' });
  });

  it('ends in Stripe’s current state whatever order the subscription events arrive in', async () => {
    const { user, sessionId, subscription } = await paidUser();
    const periodEnd = addDays(start, 7);
    const nextPeriodEnd = addMonths(periodEnd, 1);
    // The subscription's life, each event carrying a snapshot of that moment.
    const events = [stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!)];
    events.push(stripe.event('customer.subscription.created', subscription));
    stripe.updateSubscription(subscription.id, { status: 'past_due', period: { start: periodEnd, end: nextPeriodEnd } });
    events.push(stripe.event('invoice.payment_failed', stripe.invoiceFor(subscription.id)));
    events.push(stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!));
    stripe.updateSubscription(subscription.id, { status: 'active' });
    events.push(stripe.event('invoice.paid', stripe.invoiceFor(subscription.id)));
    events.push(stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!));
    stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    events.push(stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!));

    const expected = {
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodStart: periodEnd,
      currentPeriodEnd: nextPeriodEnd,
      trialEnd: periodEnd,
    };
    // Shuffled one at a time (a fixed permutation per round, so a failure reproduces), then all at once.
    const orders = [[6, 5, 4, 3, 2, 1, 0], [3, 0, 6, 1, 5, 2, 4], [2, 6, 0, 4, 1, 3, 5]];
    for (const order of orders) {
      await ctx.db.delete(subscriptions).where(eq(subscriptions.userId, user.id));
      await ctx.db.delete(stripeEvents);
      for (const index of order) expect(await outcomeOf(await deliver(events[index]!.payload))).toBe('processed');
      expect(await storedSubscription(user.id)).toMatchObject(expected);
    }
    await ctx.db.delete(subscriptions).where(eq(subscriptions.userId, user.id));
    await ctx.db.delete(stripeEvents);
    await Promise.all(events.reverse().map((event) => deliver(event.payload).then(outcomeOf)));
    expect(await storedSubscription(user.id)).toMatchObject(expected);

    // Stripe ends it at the period end: the deletion event removes access.
    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    ctx.clock.set(addDays(nextPeriodEnd, 1));
    const deleted = stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)!);
    expect(await outcomeOf(await deliver(deleted.payload))).toBe('processed');
    expect(await storedSubscription(user.id)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(await hasFullAccess(ctx.db, { id: user.id, role: 'user' }, ctx.deps.now())).toBe(false);
  });

  it('keeps access through past_due until the period ends', async () => {
    const { user, subscription } = await paidUser();
    stripe.updateSubscription(subscription.id, { status: 'past_due' });
    const failed = stripe.event('invoice.payment_failed', stripe.invoiceFor(subscription.id));
    expect(await outcomeOf(await deliver(failed.payload))).toBe('processed');
    expect(await storedSubscription(user.id)).toMatchObject({ status: 'past_due' });
    expect(await hasFullAccess(ctx.db, { id: user.id, role: 'user' }, ctx.deps.now())).toBe(true);
    expect(await hasFullAccess(ctx.db, { id: user.id, role: 'user' }, addDays(start, 8))).toBe(false);
  });

  it('does not let a late event about an ended subscription replace the current one', async () => {
    const { user, subscription: old } = await paidUser();
    stripe.updateSubscription(old.id, { status: 'canceled' });
    const renewed = stripe.createSubscription(old.customer);
    expect(await outcomeOf(await deliver(stripe.event('customer.subscription.created', renewed).payload))).toBe('processed');
    expect(await outcomeOf(await deliver(stripe.event('customer.subscription.deleted', old).payload))).toBe('processed');
    expect(await storedSubscription(user.id)).toMatchObject({ providerSubscriptionId: renewed.id, status: 'active' });
  });

  it('ignores events about customers that are not ours', async () => {
    const stranger = stripe.createSubscription('cus_test_not_ours');
    expect(await outcomeOf(await deliver(stripe.event('customer.subscription.updated', stranger).payload))).toBe('processed');
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, stranger.id))).toEqual([]);
  });

  it('opens the Billing Portal for a customer, 409 before there is one', async () => {
    const { cookie } = await paidUser();
    const response = await ctx.request('/api/create-billing-portal', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    const { url } = await response.json();
    expect(url).toMatch(new RegExp(`^${stripe.url}/p/session/`));
    const created = [...stripe.portalSessions.values()].at(-1)!;
    expect(created.return_url).toBe('http://localhost:3000/account');

    const newcomer = await createSignedInUser(ctx);
    expect((await ctx.request('/api/create-billing-portal', { method: 'POST', cookie: newcomer.cookie })).status).toBe(409);
  });

  it('cancels at period end for account deletion, and does nothing without a subscription', async () => {
    const { user, sessionId } = await paidUser();
    await ctx.deps.payments.verifyCheckoutSession(user.id, sessionId);
    await ctx.deps.payments.cancelSubscriptionAtPeriodEnd(user.id);
    const row = await storedSubscription(user.id);
    expect(row).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(row!.providerSubscriptionId)!.cancel_at_period_end).toBe(true);

    const updatesBefore = stripe.count('POST', '/v1/subscriptions/');
    await ctx.deps.payments.cancelSubscriptionAtPeriodEnd(user.id);
    await ctx.deps.payments.cancelSubscriptionAtPeriodEnd((await createSignedInUser(ctx)).user.id);
    expect(stripe.count('POST', '/v1/subscriptions/')).toBe(updatesBefore);
  });

  it('answers 503 when Stripe refuses the key', async () => {
    const payments = createStripeProvider({ config: { ...ctx.config, STRIPE_SECRET_KEY: 'sk_test_wrong' }, db: ctx.db, now: ctx.deps.now });
    const app = createApp({ ...ctx.deps, payments });
    const { cookie } = await createSignedInUser(ctx);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await app.request('/api/create-checkout-session', {
      method: 'POST',
      headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ priceId: 'pro' }),
    });
    expect(response.status).toBe(503);
    expect((await response.json()).error.message).toBe('The payment provider could not be reached; please try again');
    expect(logged).toHaveBeenCalledWith('Stripe: customers.create failed', expect.any(Stripe.errors.StripeAuthenticationError));

    // A signup keeps its new account and session, and says what to do next.
    const signup = await app.request('/api/create-signup-checkout', {
      method: 'POST',
      headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        priceId: 'pro',
        metadata: { firstName: 'Alan', lastName: 'Turing', email: 'outage@example.com', password: testPassword },
      }),
    });
    expect(signup.status).toBe(503);
    const body = await signup.json();
    expect(body.errors[0].message).toMatch(/^Your account has been created, but the payment page could not be opened/);
    expect(body.error.code).toBe('service_unavailable');
    expect(sessionCookieFrom(ctx, signup)).not.toBeNull();
    logged.mockRestore();
  });

  it('maps a Stripe subscription: periods from its items, paused as inactive, a scheduled cancel_at as cancelling', () => {
    const base = {
      id: 'sub_1',
      status: 'paused',
      cancel_at_period_end: false,
      cancel_at: 1_900_000_000,
      trial_end: null,
      items: { data: [{ current_period_start: 1_800_000_000, current_period_end: 1_802_592_000 }] },
    } as unknown as Stripe.Subscription;
    expect(toSubscriptionState(base)).toEqual({
      provider: 'stripe',
      providerSubscriptionId: 'sub_1',
      status: 'inactive',
      currentPeriodStart: new Date(1_800_000_000_000),
      currentPeriodEnd: new Date(1_802_592_000_000),
      cancelAtPeriodEnd: true,
      trialEnd: null,
    });
  });
});
