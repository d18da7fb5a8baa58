import { z } from 'zod';
import type { SubscriptionStatus } from '../../vocabulary/subscription-status.ts';
import { withoutControlCharacters } from './text-rules.ts';
import { passwordSchema } from './password-rules.ts';
import { emailSchema } from './account-schemas.ts';

/**
 * Request bodies and answers of the billing calls, shared with the web app. No server code may
 * be imported here.
 */

/** The one plan (spec section 1): Full Access, $25 per user per month, 7-day free trial. */
export const fullAccessPlan = {
  priceId: 'pro',
  name: 'Full Access',
  description: 'Complete access to China policy intelligence',
  monthlyPriceUsd: 25,
  trialDays: 7,
} as const;


/** The one plan's price id as the web app sends it; the server maps it to the provider's price. */
const priceIdSchema = z.literal(fullAccessPlan.priceId, { error: `priceId must be "${fullAccessPlan.priceId}"` });

const namePart = (label: string) =>
  withoutControlCharacters(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(100, `${label} must be at most 100 characters`),
    label,
  );

export const signupCheckoutSchema = z.strictObject({
  priceId: priceIdSchema,
  metadata: z.strictObject({
    firstName: namePart('First name'),
    lastName: namePart('Last name'),
    email: emailSchema,
    password: passwordSchema,
  }),
});
export type SignupCheckoutInput = z.input<typeof signupCheckoutSchema>;

export const checkoutSessionSchema = z.strictObject({ priceId: priceIdSchema });

export const verifySubscriptionSchema = z.strictObject({
  sessionId: z
    .string({ error: 'sessionId is required' })
    .trim()
    .min(1, 'sessionId is required')
    .max(255, 'sessionId is too long'),
});

/** GET /api/subscription: what the account page shows for every status. */
export type SubscriptionView = {
  status: 'none' | SubscriptionStatus;
  plan: 'pro' | null;
  cancelAtPeriodEnd: boolean;
  /** End of the paid (or trial) period: "Access ends" when cancelling. ISO 8601. */
  currentPeriodEnd: string | null;
  /** When the card is next charged; null when nothing more will be charged. ISO 8601. */
  nextBillingDate: string | null;
  trialEnd: string | null;
  /** Whether this subscription reads full policies now (the entitlement rule). */
  entitled: boolean;
};

/** POST /api/verify-subscription. */
export type VerifySubscriptionAnswer = { verified: boolean; subscription: SubscriptionView };
