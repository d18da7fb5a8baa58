import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

export type SubscriptionStatus =
  | 'none'
  | 'active'
  | 'trialing'
  | 'inactive'
  | 'canceled'
  | 'unpaid'
  | 'past_due'
  | 'incomplete'
  | 'incomplete_expired';

/** GET /api/subscription. */
export type Subscription = {
  status: SubscriptionStatus;
  plan: 'pro' | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  nextBillingDate: string | null;
};

/** The one plan (spec section 1). */
export const fullAccessPlan = {
  id: 'pro',
  priceId: 'pro',
  name: 'Full Access',
  price: 25,
  description: 'Complete access to China policy intelligence',
  trialDays: 7,
} as const;

export const subscriptionQuery = queryOptions({
  queryKey: ['subscription'],
  queryFn: () => api.get<Subscription>('/api/subscription'),
  staleTime: 5 * 60_000,
});

export type SignupInput = { firstName: string; lastName: string; email: string; password: string };

export const createSignupCheckout = (metadata: SignupInput) =>
  api.post<{ checkoutUrl?: string | null }>('/api/create-signup-checkout', { priceId: fullAccessPlan.priceId, metadata });

export const createCheckoutSession = () =>
  api.post<{ checkoutUrl?: string | null }>('/api/create-checkout-session', { priceId: fullAccessPlan.priceId });

export const createBillingPortal = () => api.post<{ url?: string | null }>('/api/create-billing-portal');

export const verifySubscription = (sessionId: string) =>
  api.post<{ verified?: boolean } | null>('/api/verify-subscription', { sessionId });
