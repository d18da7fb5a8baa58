import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../db/config.ts';
import { loadConfig } from '../../config.ts';
import { sessionCookieFrom, testPassword } from '../../test/accounts.ts';
import { createTestContext } from '../../test/context.ts';

const env = { DATABASE_URL: 'postgres://localhost/x', MEILI_URL: 'http://127.0.0.1:7700', MEILI_MASTER_KEY: 'k'.repeat(16) };
/** What production needs besides payments (api/config.test.ts checks each). */
const production = { NODE_ENV: 'production', APP_URL: 'https://policy.example.com', APP_SECRET: 's'.repeat(32) };
const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_x' };

describe('payments in production', () => {
  it('the server refuses to start in production without Stripe, unless PAYMENTS=local says it is a demo', () => {
    expect(() => loadConfig({ ...env, ...production })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, ...production })).toThrow(/STRIPE_SECRET_KEY: is required in production \(or set PAYMENTS=local/);
    expect(loadConfig({ ...env, ...production, PAYMENTS: 'local' }).PAYMENTS).toBe('local');
    expect(loadConfig({ ...env, ...production, ...stripe }).STRIPE_SECRET_KEY).toBe('sk_test_x');
    expect(() => loadConfig({ ...env, PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...env, PAYMENTS: 'local', ...stripe })).toThrow(/PAYMENTS: is local, but STRIPE_SECRET_KEY is set/);
    // A laptop needs nothing: the local provider is the default outside production.
    expect(loadConfig({ ...env }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('a production demo (PAYMENTS=local) has no simulate controls: not on the portal page, 404 when called', async () => {
    const ctx = await createTestContext({ NODE_ENV: 'production', APP_SECRET: production.APP_SECRET, PAYMENTS: 'local' });
    try {
      const signup = await ctx.request('/api/create-signup-checkout', {
        json: { priceId: 'pro', metadata: { firstName: 'Ada', lastName: 'Lovelace', email: 'demo@example.com', password: testPassword } },
      });
      expect(signup.status).toBe(200);
      const cookie = sessionCookieFrom(ctx, signup)!;
      const { checkoutUrl } = (await signup.json()) as { checkoutUrl: string };
      expect((await ctx.request(`${new URL(checkoutUrl).pathname}/pay`, { json: {}, cookie })).status).toBe(200);

      const page = await ctx.request('/api/billing/local/portal', { cookie });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Cancel subscription');
      expect(html).not.toContain('Simulate');
      for (const action of ['simulate-payment-failure', 'simulate-payment-success']) {
        const response = await ctx.request(`/api/billing/local/portal/${action}`, { json: {}, cookie });
        expect(response.status, action).toBe(404);
      }
      const subscription = await (await ctx.request('/api/subscription', { cookie })).json();
      expect(subscription.status).toBe('trialing');
    } finally {
      await ctx.close();
    }
  });
});
