import { createLocalProvider, type LocalProvider } from './local-provider.ts';
import type { ProviderDeps } from './provider-contract.ts';
import { createStripeProvider, type StripeProvider } from './stripe-provider.ts';

/**
 * The payment provider this process uses, chosen by configuration: Stripe when STRIPE_SECRET_KEY
 * is set, the local provider otherwise (the contract both keep is in provider-contract.ts).
 */
export type PaymentProvider = StripeProvider | LocalProvider;

export function createPaymentProvider(deps: ProviderDeps): PaymentProvider {
  return deps.config.STRIPE_SECRET_KEY ? createStripeProvider(deps) : createLocalProvider(deps);
}
