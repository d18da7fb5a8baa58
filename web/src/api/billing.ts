import { queryOptions } from '@tanstack/react-query';
import { fullAccessPlan, type SubscriptionView } from '../../../api/shared/billing-schemas.ts';
import { api } from './client.ts';

export type Subscription = SubscriptionView;
export type SubscriptionStatus = SubscriptionView['status'];
export { fullAccessPlan };

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
