import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { sessions } from '../../../db/schema/index.ts';
import { clientIp } from '../../auth/client-ip.ts';
import { registrationLimits, registrationSubject, reserveAttempt } from '../../auth/attempt-limits.ts';
import { createSession, requireUser, type AuthEnv } from '../../auth/session.ts';
import { createUser } from '../../auth/users.ts';
import { subscriptionGrantsAccess } from '../../billing/entitlement.ts';
import { toSubscriptionView } from '../../billing/subscriptions.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, conflict, notFound, renderError } from '../../http/errors.ts';
import {
  checkoutSessionSchema,
  signupCheckoutSchema,
  type SignupCheckoutInput,
  verifySubscriptionSchema,
  type VerifySubscriptionAnswer,
} from '../../shared/billing-schemas.ts';
import { assertWellFormedText, validate } from '../../http/validation.ts';
import { localBillingRoutes } from './local.ts';

/** Stripe's events are small, but an invoice with many lines is more than a JSON call's 64 KB. */
const webhookBodyLimit = bodyLimit({
  maxSize: 1024 * 1024,
  onError: () => {
    throw new AppError('payload_too_large', 'The event is too large');
  },
});

/**
 * The billing calls of spec section 7, the Stripe webhook and the local provider's pages. Mounted
 * at /api; every route carries its own middleware (nothing app-wide from here).
 */
export function billingRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .route('/create-signup-checkout', signupCheckoutRoutes(deps))

    .post('/create-checkout-session', requireUser, jsonBodyLimit, validate('json', checkoutSessionSchema), async (c) => {
      const user = c.var.user;
      const current = await deps.payments.getSubscription(user.id);
      if (subscriptionGrantsAccess(current, deps.now())) {
        throw conflict('You already have an active subscription; manage it from your account settings');
      }
      const { checkoutUrl } = await deps.payments.createCheckoutSession(user.id, { origin: 'subscribe' });
      return c.json({ checkoutUrl });
    })

    /**
     * For the success page: re-reads the session from the provider (which stores what it says).
     * A session id this user did not start (invented, or someone else's) is a 404: it grants nothing.
     */
    .post('/verify-subscription', requireUser, jsonBodyLimit, validate('json', verifySubscriptionSchema), async (c) => {
      const { sessionId } = c.req.valid('json');
      const result = await deps.payments.verifyCheckoutSession(c.var.user.id, sessionId);
      if (!result) throw notFound('No such checkout session');
      const subscription = toSubscriptionView(result.subscription, deps.now());
      const answer: VerifySubscriptionAnswer = {
        verified: result.sessionStatus === 'complete' && (subscription.status === 'active' || subscription.status === 'trialing'),
        subscription,
      };
      return c.json(answer);
    })

    .get('/subscription', requireUser, async (c) => {
      const subscription = await deps.payments.getSubscription(c.var.user.id);
      return c.json(toSubscriptionView(subscription, deps.now()));
    })

    .post('/create-billing-portal', requireUser, jsonBodyLimit, async (c) => {
      const { url } = await deps.payments.createBillingPortalSession(c.var.user.id);
      return c.json({ url });
    })

    /** Signed by Stripe, so exempt from the Origin check (api/auth/csrf.ts); 400 on a bad or stale signature. */
    .post('/stripe/webhook', webhookBodyLimit, async (c) => {
      if (deps.payments.kind !== 'stripe') throw notFound('Stripe is not configured; the local payment provider has no webhook');
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      const outcome = await deps.payments.handleWebhook(rawBody, c.req.header('stripe-signature'));
      return c.json({ received: true, outcome });
    })

    .route('/billing/local', localBillingRoutes(deps));
}

/** A validation failure with every message, for the signup form's `errors` list. */
class SignupInvalid extends AppError {
  constructor(readonly messages: string[]) {
    super('bad_request', messages[0] ?? 'Invalid signup');
  }
}

/**
 * POST /api/create-signup-checkout: the landing dialog creates the account (username = email),
 * signs it in and opens checkout in one call. Its errors carry `errors: [{ message }]` beside the
 * usual `error`, because the dialog shows `errors[0].message`.
 */
function signupCheckoutRoutes(deps: AppDeps) {
  // Hand-made rather than `validate`: each problem becomes one of the dialog's `errors`.
  const signupInput = validator('json', (body: SignupCheckoutInput) => {
    try {
      assertWellFormedText(body);
    } catch (error) {
      throw new SignupInvalid([(error as Error).message]);
    }
    const parsed = signupCheckoutSchema.safeParse(body);
    if (!parsed.success) throw new SignupInvalid(parsed.error.issues.map((issue) => issue.message));
    return parsed.data;
  });
  const routes = new Hono<AuthEnv>().post('/', jsonBodyLimit, signupInput, async (c) => {
    const { firstName, lastName, email, password } = c.req.valid('json').metadata;
    await reserveAttempt(deps.db, { action: 'registration_attempt', subject: registrationSubject, ip: clientIp(c), now: deps.now() }, registrationLimits(deps.config));

    const user = await deps.db.transaction(async (tx) => {
      const user = await createUser(tx, { email, password, name: `${firstName} ${lastName}`, company: null }, { ip: clientIp(c), at: deps.now(), via: 'signup-checkout' });
      // Whoever was signed in on this browser before is signed out: a fresh session for the new account.
      const previous = c.get('sessionId');
      if (previous) await tx.delete(sessions).where(eq(sessions.tokenHash, previous));
      await createSession(deps, c, user.id, { db: tx });
      return user;
    });

    try {
      const { checkoutUrl } = await deps.payments.createCheckoutSession(user.id, { origin: 'signup' });
      return c.json({ checkoutUrl, user });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(
        error.code,
        'Your account has been created, but the payment page could not be opened. Sign in and subscribe from the Subscribe page.',
      );
    }
  });
  routes.onError(async (error, c: Context) => {
    const rendered = renderError(error, c);
    const body = (await rendered.json()) as { error: { code: string; message: string } };
    const messages = error instanceof SignupInvalid ? error.messages : [body.error.message];
    return c.json({ ...body, errors: messages.map((message) => ({ message })) }, rendered.status as ContentfulStatusCode);
  });
  return routes;
}
