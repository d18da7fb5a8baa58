import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import type { SubscriptionStatus } from '../../vocabulary/subscription-status.ts';
import { fullAccessPlan, type SubscriptionView } from '../shared/billing-schemas.ts';
import { subscriptionGrantsAccess } from './entitlement.ts';

export type StoredSubscription = typeof subscriptions.$inferSelect;

/** What a provider says about a subscription: everything of the row but its owner and bookkeeping. */
export type SubscriptionState = Pick<
  StoredSubscription,
  'provider' | 'providerSubscriptionId' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'trialEnd'
>;


/** Statuses after which the provider will never charge or grant access again. */
export const endedStatuses: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export async function findSubscription(db: Pick<Database, 'select'>, userId: number): Promise<StoredSubscription | null> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return subscription ?? null;
}

/** Writes the user's one subscription row (insert or replace) with what the provider said. */
export async function saveSubscription(db: Executor, userId: number, state: SubscriptionState, now: Date): Promise<StoredSubscription> {
  const fields = {
    provider: state.provider,
    providerSubscriptionId: state.providerSubscriptionId,
    plan: fullAccessPlan.priceId,
    status: state.status,
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    trialEnd: state.trialEnd,
    updatedAt: now,
  };
  const [saved] = await db
    .insert(subscriptions)
    .values({ userId, ...fields, createdAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: fields })
    .returning();
  return saved!;
}

/**
 * The trial is for a user's first subscription: none yet, or only one that never started (its
 * first payment was never made).
 */
export function trialAvailable(subscription: StoredSubscription | null): boolean {
  if (!subscription) return true;
  return subscription.trialEnd === null && (subscription.status === 'incomplete' || subscription.status === 'incomplete_expired');
}

export function toSubscriptionView(subscription: StoredSubscription | null, now: Date): SubscriptionView {
  if (!subscription) {
    return {
      status: 'none',
      plan: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      nextBillingDate: null,
      trialEnd: null,
      entitled: false,
    };
  }
  const renewing = (subscription.status === 'active' || subscription.status === 'trialing') && !subscription.cancelAtPeriodEnd;
  return {
    status: subscription.status,
    plan: fullAccessPlan.priceId,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    // In a trial the first charge falls when the trial ends, which is also the period's end.
    nextBillingDate: renewing ? (subscription.currentPeriodEnd?.toISOString() ?? null) : null,
    trialEnd: subscription.trialEnd?.toISOString() ?? null,
    entitled: subscriptionGrantsAccess(subscription, now),
  };
}
