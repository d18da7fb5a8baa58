import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { checkoutSessions, stripeEvents, users } from '../../db/schema/index.ts';
import { subscriptionStatuses, type SubscriptionStatus } from '../../vocabulary/subscription-status.ts';
import type { Transaction } from '../../db/client.ts';
import { badRequest, conflict, notFound, serviceUnavailable } from '../http/errors.ts';
import { fullAccessPlan } from '../shared/billing-schemas.ts';
import type { CheckoutOrigin, PaymentProviderBase, ProviderDeps } from './provider-contract.ts';
import { createStripeClient } from './stripe-client.ts';
import {
  endedStatuses,
  findSubscription,
  saveSubscription,
  trialAvailable,
  type StoredSubscription,
  type SubscriptionState,
} from './subscriptions.ts';

/** The events we act on; Stripe may send others (the endpoint's event list), which are acknowledged and ignored. */
export const handledStripeEvents = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** An open checkout younger than this is answered again rather than a new one started. */
const reuseOpenCheckoutMs = 60 * 60 * 1000;

export interface StripeProvider extends PaymentProviderBase {
  readonly kind: 'stripe';
  /**
   * POST /api/stripe/webhook: verifies the signature on the raw body (400 when it fails or is
   * stale), processes each event id once, and re-reads the objects from Stripe before writing.
   */
  handleWebhook(rawBody: Uint8Array, signature: string | undefined): Promise<WebhookOutcome>;
}

const idSchema = z.string().min(1).max(255);
/** An expandable reference: Stripe sends an id, or the object when expanded. */
const reference = z.union([idSchema, z.object({ id: idSchema })]).transform((value) => (typeof value === 'string' ? value : value.id));

/** The few fields of an event we read, before re-reading the object itself from Stripe. */
const eventSchema = z.discriminatedUnion('type', [
  z.object({
    id: idSchema,
    type: z.literal('checkout.session.completed'),
    data: z.object({ object: z.object({ id: idSchema, mode: z.string(), customer: reference.nullable() }) }),
  }),
  z.object({
    id: idSchema,
    type: z.enum(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']),
    data: z.object({ object: z.object({ id: idSchema, customer: reference }) }),
  }),
  z.object({
    id: idSchema,
    type: z.enum(['invoice.paid', 'invoice.payment_failed']),
    data: z.object({
      object: z.object({
        id: idSchema,
        customer: reference.nullable(),
        // API versions since 2025-03-31 name the subscription under parent; older ones at the top.
        parent: z.object({ subscription_details: z.object({ subscription: reference }).nullish() }).nullish(),
        subscription: reference.nullish(),
      }),
    }),
  }),
]);
type HandledEvent = z.infer<typeof eventSchema>;

/** Stripe's `paused` (a trial that ended without a card, when so configured) has no access: inactive. */
function toOurStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  return (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : 'inactive';
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * A Stripe subscription as our row. The period lives on the subscription items in current API
 * versions (one item here: the one price); a scheduled `cancel_at` counts as cancelling.
 */
export function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const items = subscription.items.data;
  const starts = items.map((item) => item.current_period_start);
  const ends = items.map((item) => item.current_period_end);
  return {
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    status: toOurStatus(subscription.status),
    currentPeriodStart: starts.length ? fromUnix(Math.min(...starts)) : null,
    currentPeriodEnd: ends.length ? fromUnix(Math.max(...ends)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    trialEnd: fromUnix(subscription.trial_end),
  };
}

/**
 * One row per user, so a late event about an old subscription must not overwrite a newer one:
 * a subscription that has ended never replaces another that has not.
 */
function replaces(existing: StoredSubscription | null, incoming: SubscriptionState): boolean {
  if (!existing || existing.provider !== 'stripe' || existing.providerSubscriptionId === incoming.providerSubscriptionId) return true;
  return !endedStatuses.includes(incoming.status) || endedStatuses.includes(existing.status);
}

const customerIdOf = (customer: string | { id: string } | null) => (typeof customer === 'string' ? customer : (customer?.id ?? null));

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

export function createStripeProvider(deps: ProviderDeps): StripeProvider {
  const stripe = createStripeClient(deps.config);
  const { APP_URL: appUrl, STRIPE_PRICE_ID: priceId, STRIPE_WEBHOOK_SECRET: webhookSecret } = deps.config;
  if (!priceId || !webhookSecret) throw new Error('STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET are required with STRIPE_SECRET_KEY');

  /** A create call the user is waiting on: Stripe's failure becomes a 503 they can retry. */
  async function callStripe<Result>(what: string, call: () => Promise<Result>): Promise<Result> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      console.error(`Stripe: ${what} failed`, error);
      throw serviceUnavailable('The payment provider could not be reached; please try again');
    }
  }

  async function findCustomer(userId: number) {
    const [user] = await deps.db
      .select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt, stripeCustomerId: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound('No such user');
    return user;
  }

  /** The user's Stripe customer, created on first checkout and reused after. */
  async function ensureCustomer(user: Awaited<ReturnType<typeof findCustomer>>): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await callStripe('customers.create', () =>
      stripe.customers.create(
        { email: user.email, name: user.name || undefined, metadata: { userId: String(user.id) } },
        // The account's creation time keeps the key unique across databases sharing a Stripe account.
        { idempotencyKey: `customer-${user.id}-${user.createdAt.getTime()}` },
      ),
    );
    await deps.db
      .update(users)
      .set({ stripeCustomerId: customer.id })
      .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
    const [stored] = await deps.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
    return stored!.customerId!;
  }

  /**
   * Re-reads the subscription from Stripe and stores it, the user's row being locked by the
   * caller: events arrive out of order and twice, so only Stripe's current word is written, and
   * two deliveries about one customer never interleave their read and write.
   */
  async function syncSubscription(tx: Transaction, userId: number, customerId: string, subscriptionId: string) {
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (customerIdOf(subscription.customer) !== customerId) return null;
    const state = toSubscriptionState(subscription);
    const existing = await findSubscription(tx, userId);
    return replaces(existing, state) ? saveSubscription(tx, userId, state, deps.now()) : existing;
  }

  /** Locks the account that owns a Stripe customer; null when none does (deleted, or not ours). */
  async function lockCustomer(tx: Transaction, customerId: string) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId)).for('update');
    return user ?? null;
  }

  /** Reads a checkout session from Stripe and records its outcome: its status and its subscription. */
  async function applyCheckoutSession(tx: Transaction, userId: number, customerId: string, session: Stripe.Checkout.Session) {
    const status: 'open' | 'complete' | 'expired' = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
    await tx
      .update(checkoutSessions)
      .set({ status, ...(status === 'complete' && { completedAt: deps.now() }) })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.userId, userId)));
    const subscriptionId = customerIdOf(session.subscription);
    if (status === 'complete' && subscriptionId) await syncSubscription(tx, userId, customerId, subscriptionId);
    return status;
  }

  async function applyEvent(tx: Transaction, event: HandledEvent): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const customerId = event.data.object.customer;
        if (event.data.object.mode !== 'subscription' || !customerId) return;
        const user = await lockCustomer(tx, customerId);
        if (!user) return;
        const session = await stripe.checkout.sessions.retrieve(event.data.object.id);
        if (customerIdOf(session.customer) !== customerId) return;
        await applyCheckoutSession(tx, user.id, customerId, session);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const customerId = event.data.object.customer;
        const user = await lockCustomer(tx, customerId);
        if (user) await syncSubscription(tx, user.id, customerId, event.data.object.id);
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
        if (!invoice.customer || !subscriptionId) return;
        const user = await lockCustomer(tx, invoice.customer);
        if (user) await syncSubscription(tx, user.id, invoice.customer, subscriptionId);
        return;
      }
    }
  }

  return {
    kind: 'stripe',

    async createCheckoutSession(userId, { origin }: { origin: CheckoutOrigin }) {
      const user = await findCustomer(userId);
      const customerId = await ensureCustomer(user);
      // Back to /subscribe either way (the account exists and is signed in); after a signup it says so.
      const cancelUrl = origin === 'signup' ? `${appUrl}/subscribe?checkout=cancelled` : `${appUrl}/subscribe`;
      // The user's row is locked across the Stripe calls, so a double click's second request
      // waits for the first and then finds its session (a few hundred milliseconds, one user).
      return deps.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [recent] = await tx
          .select({ id: checkoutSessions.id })
          .from(checkoutSessions)
          .where(
            and(
              eq(checkoutSessions.userId, userId),
              eq(checkoutSessions.provider, 'stripe'),
              eq(checkoutSessions.status, 'open'),
              gt(checkoutSessions.createdAt, new Date(deps.now().getTime() - reuseOpenCheckoutMs)),
            ),
          )
          .orderBy(desc(checkoutSessions.createdAt))
          .limit(1);
        if (recent) {
          const session = await callStripe('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(recent.id));
          if (session.status === 'open' && session.url && session.cancel_url === cancelUrl) {
            return { sessionId: session.id, checkoutUrl: session.url };
          }
        }

        const subscription = await findSubscription(tx, userId);
        const trial = trialAvailable(subscription);
        // The nonce is the number of checkouts already started: after a crash between Stripe's
        // answer and our insert, the retry gets the same session back; every new attempt a new key.
        // Origin and trial are in the key because Stripe refuses a key reused with other parameters.
        const [started] = await tx.select({ count: count() }).from(checkoutSessions).where(eq(checkoutSessions.userId, userId));
        const idempotencyKey = `checkout-${userId}-${user.createdAt.getTime()}-${started!.count}-${origin}-${trial ? 'trial' : 'paid'}`;
        const session = await callStripe('checkout.sessions.create', () =>
          stripe.checkout.sessions.create(
            {
              mode: 'subscription',
              customer: customerId,
              client_reference_id: String(userId),
              line_items: [{ price: priceId, quantity: 1 }],
              subscription_data: {
                metadata: { userId: String(userId) },
                ...(trial && { trial_period_days: fullAccessPlan.trialDays }),
              },
              metadata: { userId: String(userId) },
              success_url: `${appUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
              cancel_url: cancelUrl,
            },
            { idempotencyKey },
          ),
        );
        if (!session.url) throw serviceUnavailable('The payment provider answered without a checkout address');
        await tx
          .insert(checkoutSessions)
          .values({ id: session.id, userId, provider: 'stripe', status: 'open', createdAt: deps.now() })
          .onConflictDoNothing();
        return { sessionId: session.id, checkoutUrl: session.url };
      });
    },

    async verifyCheckoutSession(userId, sessionId) {
      const [started] = await deps.db
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId), eq(checkoutSessions.provider, 'stripe')));
      if (!started) return null;
      const session = await callStripe('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(sessionId));
      return deps.db.transaction(async (tx) => {
        const [user] = await tx
          .select({ customerId: users.stripeCustomerId })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        const customerId = customerIdOf(session.customer);
        if (!user || !customerId || customerId !== user.customerId || session.client_reference_id !== String(userId)) return null;
        const sessionStatus = await applyCheckoutSession(tx, userId, customerId, session);
        return { sessionStatus, subscription: await findSubscription(tx, userId) };
      });
    },

    async createBillingPortalSession(userId) {
      const user = await findCustomer(userId);
      if (!user.stripeCustomerId) throw conflict('You have no billing account yet: subscribe first');
      const customer = user.stripeCustomerId;
      // A double click within the minute answers the same portal session.
      const minute = Math.floor(deps.now().getTime() / 60_000);
      const session = await callStripe('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create(
          { customer, return_url: `${appUrl}/account` },
          { idempotencyKey: `portal-${userId}-${user.createdAt.getTime()}-${minute}` },
        ),
      );
      return { url: session.url };
    },

    getSubscription: (userId) => findSubscription(deps.db, userId),

    async cancelSubscriptionAtPeriodEnd(userId) {
      const subscription = await findSubscription(deps.db, userId);
      const nothingToUndo = { undo: async () => {} };
      if (!subscription || subscription.provider !== 'stripe' || subscription.cancelAtPeriodEnd) return nothingToUndo;
      if (!['active', 'trialing', 'past_due', 'unpaid'].includes(subscription.status)) return nothingToUndo;
      const setCancelAtPeriodEnd = async (cancelAtPeriodEnd: boolean) => {
        let updated: Stripe.Subscription;
        try {
          updated = await stripe.subscriptions.update(subscription.providerSubscriptionId, { cancel_at_period_end: cancelAtPeriodEnd });
        } catch (error) {
          if (isMissing(error)) return;
          console.error(`Stripe: subscriptions.update (cancel_at_period_end: ${cancelAtPeriodEnd}) failed`, error);
          throw serviceUnavailable('Could not cancel your subscription with the payment provider; please try again');
        }
        await deps.db.transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          const existing = await findSubscription(tx, userId);
          const state = toSubscriptionState(updated);
          if (replaces(existing, state)) await saveSubscription(tx, userId, state, deps.now());
        });
      };
      await setCancelAtPeriodEnd(true);
      return { undo: () => setCancelAtPeriodEnd(false) };
    },

    async handleWebhook(rawBody, signature) {
      if (!signature) throw badRequest('Missing Stripe-Signature header');
      let verified: Stripe.Event;
      try {
        // The app clock judges the signature's age (300 s tolerance), so tests can move time.
        verified = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret, undefined, undefined, deps.now().getTime());
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badRequest(`Invalid Stripe signature: ${error.message}`);
        if (error instanceof SyntaxError) throw badRequest('The event is not JSON');
        throw error;
      }
      if (!(handledStripeEvents as readonly string[]).includes(verified.type)) return 'ignored';
      const parsed = eventSchema.safeParse(verified);
      if (!parsed.success) throw badRequest(`Unexpected ${verified.type} payload`);
      const event = parsed.data;

      // The event id is claimed in the same transaction that applies it: a concurrent delivery of
      // the same id waits on the insert and then finds it taken; a failure rolls the claim back,
      // so Stripe's retry processes it.
      return deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type, receivedAt: deps.now() })
          .onConflictDoNothing()
          .returning({ id: stripeEvents.id });
        if (!claimed) return 'duplicate';
        await applyEvent(tx, event);
        await tx.update(stripeEvents).set({ processedAt: deps.now() }).where(eq(stripeEvents.id, event.id));
        return 'processed';
      });
    },
  };
}
