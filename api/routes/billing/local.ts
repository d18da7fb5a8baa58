import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireUser, type AuthEnv } from '../../auth/session.ts';
import { localPaths, type LocalProvider } from '../../billing/local-provider.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../http/errors.ts';
import { validate } from '../../http/validation.ts';
import { checkoutPage, localBillingScript, localBillingStyles, messagePage, portalPage } from './local-pages.ts';

/** The pages load only their own script and styles, post only here, and frame nowhere. */
const pageHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

const sessionParams = z.object({ sessionId: z.string().min(1).max(255) });

/**
 * The local provider's checkout page (GET /api/billing/local/checkout/:sessionId, Pay posts to
 * .../pay) and billing portal (GET /api/billing/local/portal, actions post to .../portal/*). Only
 * the signed-in owner sees a checkout session; anyone else gets the same 404 as an unknown id.
 * With Stripe configured, none of this exists (404).
 */
export function localBillingRoutes(deps: AppDeps) {
  const appUrl = deps.config.APP_URL;
  const links = {
    success: (sessionId: string) => `${appUrl}/subscription-success?session_id=${encodeURIComponent(sessionId)}`,
    subscribe: `${appUrl}/subscribe`,
    signupCancelled: `${appUrl}/subscribe?checkout=cancelled`,
    account: `${appUrl}/account`,
    portal: `${appUrl}${localPaths.portal}`,
  };

  const local = (): LocalProvider => {
    if (deps.payments.kind !== 'local') throw notFound('The local payment provider is not in use');
    return deps.payments;
  };
  // Acting out a provider's payments is for trying the product, never for a production demo.
  const testControls = deps.config.NODE_ENV !== 'production';
  const simulation = (): LocalProvider => {
    if (!testControls) throw notFound('The test controls exist only outside production');
    return local();
  };

  /**
   * A signed-out visitor signs in and comes back through the web app (its router cannot open an
   * /api page): to /subscribe, which reopens the same open checkout, or to /account for the portal.
   */
  const signInPage = (c: Context<AuthEnv>, then: '/subscribe' | '/account') =>
    c.html(
      messagePage('Sign in to continue', 'This page belongs to a signed-in account.', {
        href: `${appUrl}/login?redirect=${encodeURIComponent(then)}`,
        label: 'Sign in',
      }),
      401,
      pageHeaders,
    );

  return new Hono<AuthEnv>()
    .use(async (_c, next) => {
      local();
      await next();
    })

    .get('/assets/local-billing.js', (c) =>
      c.body(localBillingScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
    )
    .get('/assets/local-billing.css', (c) =>
      c.body(localBillingStyles, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
    )

    .get('/checkout/:sessionId', validate('param', sessionParams), async (c) => {
      const user = c.var.user;
      if (!user) return signInPage(c, '/subscribe');
      const { sessionId } = c.req.valid('param');
      const page = await local().getCheckoutPage(user.id, sessionId);
      if (!page) {
        return c.html(
          messagePage('Checkout not found', 'There is no such checkout session for this account.', {
            href: links.subscribe,
            label: 'Go to the subscribe page',
          }),
          404,
          pageHeaders,
        );
      }
      // Cancel goes back to /subscribe, signed in; after a signup it says the account is kept.
      const cancel = c.req.query('from') === 'signup' ? links.signupCancelled : links.subscribe;
      return c.html(checkoutPage(page, { cancel, success: links.success(sessionId), subscribe: links.subscribe }), 200, pageHeaders);
    })

    .post('/checkout/:sessionId/pay', requireUser, jsonBodyLimit, validate('param', sessionParams), async (c) => {
      const { redirectTo } = await local().payCheckoutSession(c.var.user.id, c.req.valid('param').sessionId);
      return c.json({ redirectTo });
    })

    .get('/portal', async (c) => {
      const user = c.var.user;
      if (!user) return signInPage(c, '/account');
      const subscription = await local().getSubscription(user.id);
      return c.html(portalPage(user.email, subscription, links, { testControls }), 200, pageHeaders);
    })

    .post('/portal/cancel', requireUser, jsonBodyLimit, async (c) => {
      await local().cancelAtPeriodEnd(c.var.user.id);
      return c.json({ redirectTo: links.portal });
    })
    .post('/portal/resume', requireUser, jsonBodyLimit, async (c) => {
      await local().resume(c.var.user.id);
      return c.json({ redirectTo: links.portal });
    })
    .post('/portal/simulate-payment-failure', requireUser, jsonBodyLimit, async (c) => {
      await simulation().simulatePaymentFailure(c.var.user.id);
      return c.json({ redirectTo: links.portal });
    })
    .post('/portal/simulate-payment-success', requireUser, jsonBodyLimit, async (c) => {
      await simulation().simulatePaymentSuccess(c.var.user.id);
      return c.json({ redirectTo: links.portal });
    });
}
