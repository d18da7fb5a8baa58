import Stripe from 'stripe';
import type { Config } from '../config.ts';

/**
 * The Stripe client for this configuration. STRIPE_API_BASE points it elsewhere than
 * https://api.stripe.com (the tests' Stripe double, stripe-mock): the client takes the address as
 * host, port and protocol.
 */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // Requests that create things carry idempotency keys, so retrying them is safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'china-policy-tracker' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}
