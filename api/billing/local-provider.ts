import { randomBytes } from 'node:crypto';
import { addDays, subDays } from 'date-fns';
import { and, desc, eq, gt } from 'drizzle-orm';
import { checkoutSessions, subscriptions, users } from '../../db/schema/index.ts';
import type { Transaction } from '../../db/client.ts';
import { conflict, notFound } from '../http/errors.ts';
import { fullAccessPlan } from '../shared/billing-schemas.ts';
import { subscriptionGrantsAccess } from './entitlement.ts';
import { advanceLocalSubscription, nextPeriodEnd } from './local-calendar.ts';
import type { CheckoutOrigin, PaymentProviderBase, ProviderDeps } from './provider-contract.ts';
import { findSubscription, saveSubscription, trialAvailable, type StoredSubscription } from './subscriptions.ts';

/** Like a Stripe Checkout Session, a local one can be paid for a day. */
const checkoutLifetimeDays = 1;

export const localPaths = {
  checkout: (sessionId: string) => `/api/billing/local/checkout/${encodeURIComponent(sessionId)}`,
  portal: '/api/billing/local/portal',
};

export type LocalCheckoutPage = {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  email: string;
  /** When the trial would end if paid now; null when this user has had the trial. */
  trialEndsAt: Date | null;
};

/**
 * The payment provider for a laptop with no network: checkout sessions and subscriptions live in
 * Postgres, the checkout and portal pages are served by this app (api/routes/billing), and the
 * calendar (trial end, renewal, cancel at period end) is applied whenever a row is read.
 */
export interface LocalProvider extends PaymentProviderBase {
  readonly kind: 'local';
  getCheckoutPage(userId: number, sessionId: string): Promise<LocalCheckoutPage | null>;
  /** The Pay button: starts the subscription and answers the success page's address. */
  payCheckoutSession(userId: number, sessionId: string): Promise<{ redirectTo: string }>;
  /** The local portal's actions; each refuses (409) when it does not apply to the current state. */
  cancelAtPeriodEnd(userId: number): Promise<StoredSubscription>;
  resume(userId: number): Promise<StoredSubscription>;
  /** Test control: the next charge fails (past_due; access until the period ends, then unpaid). */
  simulatePaymentFailure(userId: number): Promise<StoredSubscription>;
  /** Test control: the overdue invoice is paid with an updated card (active, a new period). */
  simulatePaymentSuccess(userId: number): Promise<StoredSubscription>;
}

export function createLocalProvider(deps: ProviderDeps): LocalProvider {
  const appUrl = deps.config.APP_URL;

  /** The user's subscription with the calendar applied (and stored), locked for the transaction. */
  async function currentSubscription(tx: Transaction, userId: number): Promise<StoredSubscription | null> {
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    if (!subscription || subscription.provider !== 'local') return subscription ?? null;
    const advanced = advanceLocalSubscription(subscription, deps.now());
    return advanced ? saveSubscription(tx, userId, advanced, deps.now()) : subscription;
  }

  /** Runs one state change of the portal on the locked, up-to-date row. */
  async function change(
    userId: number,
    decide: (subscription: StoredSubscription, now: Date) => Partial<StoredSubscription> | string,
  ): Promise<StoredSubscription> {
    return deps.db.transaction(async (tx) => {
      const subscription = await currentSubscription(tx, userId);
      if (!subscription || subscription.provider !== 'local') throw notFound('You have no subscription with the local payment provider');
      const now = deps.now();
      const decision = decide(subscription, now);
      if (typeof decision === 'string') throw conflict(decision);
      return saveSubscription(tx, userId, { ...subscription, ...decision }, now);
    });
  }

  const isRenewing = (subscription: StoredSubscription) =>
    (subscription.status === 'active' || subscription.status === 'trialing') && !subscription.cancelAtPeriodEnd;

  function expired(session: { status: string; createdAt: Date }, now: Date) {
    return session.status === 'open' && session.createdAt <= subDays(now, checkoutLifetimeDays);
  }

  async function findSession(db: Pick<Transaction, 'select'>, userId: number, sessionId: string) {
    const [session] = await db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId), eq(checkoutSessions.provider, 'local')));
    return session ?? null;
  }

  async function getSubscription(userId: number): Promise<StoredSubscription | null> {
    const subscription = await findSubscription(deps.db, userId);
    if (!subscription || subscription.provider !== 'local') return subscription;
    if (!advanceLocalSubscription(subscription, deps.now())) return subscription;
    return deps.db.transaction((tx) => currentSubscription(tx, userId));
  }

  return {
    kind: 'local',

    async createCheckoutSession(userId, { origin }: { origin: CheckoutOrigin }) {
      const sessionId = await deps.db.transaction(async (tx) => {
        // One checkout at a time per user: a double click finds the session the first click opened.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const now = deps.now();
        const [open] = await tx
          .select({ id: checkoutSessions.id })
          .from(checkoutSessions)
          .where(
            and(
              eq(checkoutSessions.userId, userId),
              eq(checkoutSessions.provider, 'local'),
              eq(checkoutSessions.status, 'open'),
              gt(checkoutSessions.createdAt, subDays(now, checkoutLifetimeDays)),
            ),
          )
          .orderBy(desc(checkoutSessions.createdAt))
          .limit(1);
        if (open) return open.id;
        const id = `lcs_${randomBytes(24).toString('base64url')}`;
        await tx.insert(checkoutSessions).values({ id, userId, provider: 'local', status: 'open', createdAt: now });
        return id;
      });
      const cancelTo = origin === 'signup' ? '?from=signup' : '';
      return { sessionId, checkoutUrl: `${appUrl}${localPaths.checkout(sessionId)}${cancelTo}` };
    },

    async getCheckoutPage(userId, sessionId) {
      const session = await findSession(deps.db, userId, sessionId);
      if (!session) return null;
      const now = deps.now();
      const [owner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const subscription = await getSubscription(userId);
      return {
        sessionId,
        status: expired(session, now) ? 'expired' : session.status,
        email: owner!.email,
        trialEndsAt: trialAvailable(subscription) ? addDays(now, fullAccessPlan.trialDays) : null,
      };
    },

    async payCheckoutSession(userId, sessionId) {
      const redirectTo = `${appUrl}/subscription-success?session_id=${encodeURIComponent(sessionId)}`;
      await deps.db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(checkoutSessions)
          .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId), eq(checkoutSessions.provider, 'local')))
          .for('update');
        if (!session) throw notFound('No such checkout session');
        if (session.status === 'complete') return; // Pay pressed twice: the first press did it all.
        const now = deps.now();
        if (session.status === 'expired' || expired(session, now)) {
          await tx.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, sessionId));
          throw conflict('This checkout session has expired; start again from the subscribe page');
        }
        const existing = await currentSubscription(tx, userId);
        if (subscriptionGrantsAccess(existing, now)) throw conflict('You already have an active subscription');
        const trialEnd = trialAvailable(existing) ? addDays(now, fullAccessPlan.trialDays) : null;
        await saveSubscription(
          tx,
          userId,
          {
            provider: 'local',
            providerSubscriptionId: `lsub_${randomBytes(12).toString('base64url')}`,
            status: trialEnd ? 'trialing' : 'active',
            currentPeriodStart: now,
            currentPeriodEnd: trialEnd ?? nextPeriodEnd(now),
            cancelAtPeriodEnd: false,
            trialEnd,
          },
          now,
        );
        await tx.update(checkoutSessions).set({ status: 'complete', completedAt: now }).where(eq(checkoutSessions.id, sessionId));
      });
      return { redirectTo };
    },

    async verifyCheckoutSession(userId, sessionId) {
      const session = await findSession(deps.db, userId, sessionId);
      if (!session) return null;
      const subscription = await getSubscription(userId);
      return { sessionStatus: expired(session, deps.now()) ? 'expired' : session.status, subscription };
    },

    async createBillingPortalSession() {
      return { url: `${appUrl}${localPaths.portal}` };
    },

    getSubscription,

    async cancelSubscriptionAtPeriodEnd(userId) {
      const setCancelAtPeriodEnd = (cancelAtPeriodEnd: boolean) =>
        deps.db.transaction(async (tx) => {
          const subscription = await currentSubscription(tx, userId);
          if (!subscription || subscription.provider !== 'local' || subscription.cancelAtPeriodEnd === cancelAtPeriodEnd) return false;
          if (!['active', 'trialing', 'past_due', 'unpaid'].includes(subscription.status)) return false;
          await saveSubscription(tx, userId, { ...subscription, cancelAtPeriodEnd }, deps.now());
          return true;
        });
      const cancelled = await setCancelAtPeriodEnd(true);
      return {
        undo: async () => {
          if (cancelled) await setCancelAtPeriodEnd(false);
        },
      };
    },

    cancelAtPeriodEnd: (userId) =>
      change(userId, (subscription) =>
        isRenewing(subscription) ? { cancelAtPeriodEnd: true } : 'There is no renewing subscription to cancel',
      ),

    resume: (userId) =>
      change(userId, (subscription) =>
        (subscription.status === 'active' || subscription.status === 'trialing') && subscription.cancelAtPeriodEnd
          ? { cancelAtPeriodEnd: false }
          : 'Only a subscription set to cancel at the period end can be resumed',
      ),

    simulatePaymentFailure: (userId) =>
      change(userId, (subscription) =>
        isRenewing(subscription) ? { status: 'past_due' } : 'Only a renewing subscription has a payment that can fail',
      ),

    simulatePaymentSuccess: (userId) =>
      change(userId, (subscription, now) =>
        subscription.status === 'past_due' || subscription.status === 'unpaid'
          ? { status: 'active', currentPeriodStart: now, currentPeriodEnd: nextPeriodEnd(now) }
          : 'Only an overdue subscription has a payment to make',
      ),
  };
}
