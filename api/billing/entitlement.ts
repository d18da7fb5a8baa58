import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { subscriptions, type Role } from '../../db/schema/index.ts';
import type { SubscriptionStatus } from '../../vocabulary/subscription-status.ts';
import { advanceLocalSubscription } from './local-calendar.ts';

/** Staff read everything; the spec's roles beyond "user" are back-office roles. */
const staffRoles: readonly Role[] = ['editor', 'admin', 'super_admin'];

/** What of a subscription decides access. */
type AccessFields = {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * Whether a subscription grants the full text and analysis now. Trialing and active do; past_due
 * keeps access until the paid period ends (Stripe is retrying the card); canceled keeps it until
 * the period end when it was cancelled at period end. Everything else does not.
 */
export function subscriptionGrantsAccess(subscription: AccessFields | null | undefined, now: Date): boolean {
  if (!subscription) return false;
  const withinPeriod = subscription.currentPeriodEnd !== null && subscription.currentPeriodEnd > now;
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return true;
    case 'past_due':
      return withinPeriod;
    case 'canceled':
      return subscription.cancelAtPeriodEnd && withinPeriod;
    default:
      return false;
  }
}

export async function hasFullAccess(db: Database, user: { id: number; role: Role } | null, now: Date): Promise<boolean> {
  if (!user) return false;
  if (staffRoles.includes(user.role)) return true;
  const [subscription] = await db
    .select({
      provider: subscriptions.provider,
      status: subscriptions.status,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  // Stripe tells us when a period ends (webhook); the local provider has no one to tell it, so its
  // calendar is applied here as well as when the billing calls read the row.
  const current = subscription?.provider === 'local' ? (advanceLocalSubscription(subscription, now) ?? subscription) : subscription;
  return subscriptionGrantsAccess(current, now);
}
