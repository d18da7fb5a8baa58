import { queryOptions } from '@tanstack/react-query';
import { fullAccessPlan, type SignupCheckoutInput, type SubscriptionView } from '../../../api/shared/billing-schemas.ts';
import { call, rpc } from './client.ts';

export type Subscription = SubscriptionView;
export type SubscriptionStatus = SubscriptionView['status'];
export { fullAccessPlan };

export const subscriptionQuery = queryOptions({
  queryKey: ['subscription'],
  queryFn: () => call(rpc.subscription.$get()),
  staleTime: 5 * 60_000,
});

/** The signup dialog's fields, sent as the signup checkout's metadata. */
export type SignupInput = SignupCheckoutInput['metadata'];

export const createSignupCheckout = (metadata: SignupInput) =>
  call(rpc['create-signup-checkout'].$post({ json: { priceId: fullAccessPlan.priceId, metadata } }));

export const createCheckoutSession = () => call(rpc['create-checkout-session'].$post({ json: { priceId: fullAccessPlan.priceId } }));

export const createBillingPortal = () => call(rpc['create-billing-portal'].$post());

export const verifySubscription = (sessionId: string) => call(rpc['verify-subscription'].$post({ json: { sessionId } }));
