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

/**
 * How each status reads, in Account Settings and on the local provider's billing page: one
 * spelling, the spec's ("renew automatically unless cancelled").
 */
export const subscriptionStatusLabels = {
  active: 'Active',
  trialing: 'Trial',
  inactive: 'Inactive',
  canceled: 'Cancelled',
  unpaid: 'Payment failed',
  past_due: 'Payment overdue',
  incomplete: 'Setup incomplete',
  incomplete_expired: 'Setup expired',
} as const satisfies Record<SubscriptionStatus, string>;
