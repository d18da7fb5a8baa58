import type { Database } from '../../db/client.ts';
import type { Config } from '../config.ts';
import type { StoredSubscription } from './subscriptions.ts';

/**
 * What the routes ask of a payment provider. Two implementations, chosen by configuration:
 * Stripe when STRIPE_SECRET_KEY is set, the local provider (Postgres and pages served by this app)
 * otherwise. Both write the `subscriptions` row only on their own word, never on the browser's.
 */
export interface PaymentProviderBase {
  readonly kind: 'stripe' | 'local';

  /**
   * Starts a checkout for the one plan and answers where to send the browser. A double click
   * answers the same session. `origin` says where Cancel returns: the landing page for a signup,
   * /subscribe otherwise.
   */
  createCheckoutSession(userId: number, options: { origin: CheckoutOrigin }): Promise<{ sessionId: string; checkoutUrl: string }>;

  /**
   * Re-reads a checkout session from the provider and stores the subscription it produced. Null
   * when this user started no such session (an invented id learns and grants nothing).
   */
  verifyCheckoutSession(
    userId: number,
    sessionId: string,
  ): Promise<{ sessionStatus: 'open' | 'complete' | 'expired'; subscription: StoredSubscription | null } | null>;

  /** Where the user manages billing (Stripe's Billing Portal or the local portal page). */
  createBillingPortalSession(userId: number): Promise<{ url: string }>;

  /** The stored subscription, after any change the provider's calendar has made due. */
  getSubscription(userId: number): Promise<StoredSubscription | null>;

  /**
   * Stops renewal at the end of the paid period (account deletion). A no-op without a renewing
   * subscription; throws 503 when the provider cannot be reached, so the caller can refuse to
   * delete an account whose card would still be charged. Call it before deleting the user row, and
   * call the `undo` it answers if the deletion then fails: the account stays, and so does its
   * renewal.
   */
  cancelSubscriptionAtPeriodEnd(userId: number): Promise<{ undo: () => Promise<void> }>;
}

export type CheckoutOrigin = 'signup' | 'subscribe';

export type ProviderDeps = { config: Config; db: Database; now: () => Date };
