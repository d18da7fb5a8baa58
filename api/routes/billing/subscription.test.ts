import { addDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../db/schema/index.ts';
import type { SubscriptionStatus } from '../../../vocabulary/subscription-status.ts';
import type { SubscriptionView } from '../../shared/billing-schemas.ts';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

describe('GET /api/subscription', () => {
  let ctx: TestContext;
  const now = new Date('2026-06-10T12:00:00Z');
  const periodStart = addDays(now, -20);
  const periodEnd = addDays(now, 10);
  const pastEnd = addDays(now, -1);
  const iso = (date: Date) => date.toISOString();

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.set(now);
  });
  afterAll(() => ctx.close());

  type Case = {
    name: string;
    status: SubscriptionStatus;
    cancelAtPeriodEnd?: boolean;
    end?: Date;
    trialEnd?: Date;
    expected: Pick<SubscriptionView, 'nextBillingDate' | 'entitled'> & Partial<SubscriptionView>;
  };

  // What the account page needs for each status of spec section 4: the status itself, whether
  // it is cancelling, the date to show (next billing, or access ends), and whether access holds.
  const cases: Case[] = [
    { name: 'active', status: 'active', expected: { nextBillingDate: iso(periodEnd), entitled: true } },
    { name: 'active, cancelling', status: 'active', cancelAtPeriodEnd: true, expected: { nextBillingDate: null, entitled: true } },
    { name: 'trialing', status: 'trialing', trialEnd: periodEnd, expected: { nextBillingDate: iso(periodEnd), entitled: true } },
    { name: 'trialing, cancelling', status: 'trialing', trialEnd: periodEnd, cancelAtPeriodEnd: true, expected: { nextBillingDate: null, entitled: true } },
    { name: 'inactive', status: 'inactive', expected: { nextBillingDate: null, entitled: false } },
    { name: 'canceled at period end, before it', status: 'canceled', cancelAtPeriodEnd: true, expected: { nextBillingDate: null, entitled: true } },
    { name: 'canceled at period end, after it', status: 'canceled', cancelAtPeriodEnd: true, end: pastEnd, expected: { nextBillingDate: null, entitled: false } },
    { name: 'canceled at once', status: 'canceled', expected: { nextBillingDate: null, entitled: false } },
    { name: 'unpaid', status: 'unpaid', expected: { nextBillingDate: null, entitled: false } },
    { name: 'past_due, within the period', status: 'past_due', expected: { nextBillingDate: null, entitled: true } },
    { name: 'past_due, after the period', status: 'past_due', end: pastEnd, expected: { nextBillingDate: null, entitled: false } },
    { name: 'incomplete', status: 'incomplete', expected: { nextBillingDate: null, entitled: false } },
    { name: 'incomplete_expired', status: 'incomplete_expired', expected: { nextBillingDate: null, entitled: false } },
  ];

  it.each(cases)('$name', async ({ status, cancelAtPeriodEnd = false, end = periodEnd, trialEnd, expected }) => {
    const { user, cookie } = await createSignedInUser(ctx);
    await ctx.db.insert(subscriptions).values({
      userId: user.id,
      provider: 'stripe',
      providerSubscriptionId: `sub_${user.id}`,
      status,
      currentPeriodStart: periodStart,
      currentPeriodEnd: end,
      cancelAtPeriodEnd,
      trialEnd: trialEnd ?? null,
    });
    const response = await ctx.request('/api/subscription', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status,
      plan: 'pro',
      cancelAtPeriodEnd,
      currentPeriodEnd: iso(end),
      trialEnd: trialEnd ? iso(trialEnd) : null,
      ...expected,
    });
  });

  it('answers status none for a user who never subscribed', async () => {
    const { cookie } = await createSignedInUser(ctx);
    expect(await (await ctx.request('/api/subscription', { cookie })).json()).toEqual({
      status: 'none',
      plan: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      nextBillingDate: null,
      trialEnd: null,
      entitled: false,
    });
  });
});
