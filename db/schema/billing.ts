import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

import { subscriptionStatuses, type SubscriptionStatus } from '../../vocabulary/subscription-status.ts';

/**
 * One subscription per user, written only on the payment provider's word (webhook or a verify
 * call that re-reads the provider). The user row does not copy these fields: one place of truth.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'local'>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    plan: text('plan').notNull().default('pro'),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_id_key').on(t.userId),
    uniqueIndex('subscriptions_provider_subscription_key').on(t.provider, t.providerSubscriptionId),
    check(
      'subscriptions_status_valid',
      sql`${t.status} in (${sql.raw(subscriptionStatuses.map((status) => `'${status}'`).join(', '))})`,
    ),
  ],
);

/** Checkout sessions we started, so a verify call can only confirm a session that belongs to the caller. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'local'>().notNull(),
    status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_user_id_idx').on(t.userId),
    check('checkout_sessions_status_valid', sql`${t.status} in ('open', 'complete', 'expired')`),
  ],
);

/** Stripe webhook idempotency: an event id is processed once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
