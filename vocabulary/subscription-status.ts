/**
 * A subscription's status, as Stripe names it (plus `inactive`, ours for a status we don't know).
 * The schema's check constraint and the web app's billing screens (through
 * api/shared/billing-schemas.ts) both read this one list.
 */
export const subscriptionStatuses = [
  'active',
  'trialing',
  'inactive',
  'canceled',
  'unpaid',
  'past_due',
  'incomplete',
  'incomplete_expired',
] as const;

export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
