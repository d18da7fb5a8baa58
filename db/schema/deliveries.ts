import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deliveryTimings, alertChannelKinds, deliveryStates, type DeliveryTiming, type AlertChannelKind, type DeliveryState } from '../../vocabulary/deliveries.ts';
import { followEvents } from './follow-events.ts';
import { policies } from './policies.ts';
import { users } from './users.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * When each policy first became searchable (the indexer writes it when Meilisearch has applied the
 * policy's document, api/alerts/ reads it). The primary key makes it once per policy, ever: an edit,
 * a re-index or a restore from the Trash finds the row already there and alerts nobody again.
 * `matched_at` is set in the transaction that wrote the policy's deliveries.
 */
export const policyArrivals = pgTable(
  'policy_arrivals',
  {
    policyId: integer('policy_id')
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    searchableAt: timestamp('searchable_at', { withTimezone: true }).notNull().defaultNow(),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [index('policy_arrivals_unmatched_idx').on(t.searchableAt).where(sql`${t.matchedAt} is null`)],
);

/**
 * A user's Slack incoming webhook or generic webhook. The webhook's secret signs its bodies (HMAC);
 * the API shows it once, at creation. After ALERT_CHANNEL_MAX_FAILURES failed sends in a row the
 * channel is disabled with the reason, which the account page shows.
 */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertChannelKind>().notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    secret: text('secret'),
    enabled: boolean('enabled').notNull().default(true),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastError: text('last_error'),
    /** When the current run of failed sends began (the first of `consecutive_failures`); null once a send or test gets through. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('alert_channels_kind_valid', sql`${t.kind} in (${inList(alertChannelKinds)})`), index('alert_channels_user_id_idx').on(t.userId)],
);

/**
 * One delivery per (user, policy, channel), ever: the unique index is what makes an alert never
 * repeat, however many rules matched or matching runs saw the policy. `channel` is 'email' or
 * 'channel:<alert_channels.id>'. The state machine lives in api/alerts/deliveries.ts.
 * A follow alert (`follow_event_id` set, `policy_id` the followed policy) is once per (user, event,
 * channel) instead: a followed policy is told about each of its events.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The rules that matched ('search:<id>', 'preferences'), for the message's grouping and unsubscribe links. */
    ruleIds: jsonb('rule_ids').$type<string[]>().notNull(),
    followEventId: integer('follow_event_id').references(() => followEvents.id, { onDelete: 'cascade' }),
    /** By rule id, the Chinese terms a rule found the policy through when it found it only in its Chinese text (decision 028), for the message's "matched 稀土 for 'rare earth'". */
    matchedTerms: jsonb('matched_terms').$type<Record<string, { chinese: string; english: string }[]>>().notNull().default({}),
    /** The soonest cadence among the matching rules: immediate, or the digest it goes out with. */
    cadence: text('cadence').$type<DeliveryTiming>().notNull(),
    state: text('state').$type<DeliveryState>().notNull().default('pending'),
    /** When it may next be sent: now for immediate, the digest's time, or a retry's backoff. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    /** The claim of the sender holding it ('sending'); a claim past `claimed_until` was a lost sender's. */
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Claims lost with their sender: one is retried, a second fails the delivery (at most one extra send). */
    lostClaims: smallint('lost_claims').notNull().default(0),
    lastError: text('last_error'),
    messageId: integer('message_id').references(() => alertMessages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_deliveries_once_idx').on(t.userId, t.policyId, t.channel).where(sql`${t.followEventId} is null`),
    uniqueIndex('alert_deliveries_follow_once_idx').on(t.userId, t.followEventId, t.channel).where(sql`${t.followEventId} is not null`),
    check('alert_deliveries_state_valid', sql`${t.state} in (${inList(deliveryStates)})`),
    check('alert_deliveries_cadence_valid', sql`${t.cadence} in (${inList(deliveryTimings)})`),
    index('alert_deliveries_due_idx').on(t.dueAt).where(sql`${t.state} in ('pending', 'sending')`),
    index('alert_deliveries_policy_id_idx').on(t.policyId),
  ],
);

/**
 * Every alert message sent (an e-mail, a Slack post, a webhook call), as rendered: the back office's
 * Outbox reads it. Kept here rather than only in the dev mail sink so the Outbox shows the same
 * thing with a real SMTP server, and survives restarts.
 */
export const alertMessages = pgTable(
  'alert_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html'),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_messages_sent_at_idx').on(t.sentAt, t.id)],
);

/**
 * A user's alert settings: the time zone their digests go out in (at a fixed local hour), and
 * whether the notification preferences' rule was unsubscribed from (the preferences keep their
 * departments and industries; saved searches are unsubscribed by turning their alert off).
 */
export const alertSettings = pgTable('alert_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
  preferencesUnsubscribed: boolean('preferences_unsubscribed').notNull().default(false),
  /**
   * Bumped whenever the user turns an alert on or changes one (api/alerts/unsubscribe.ts): an
   * unsubscribe link carries the version it was sent at, so a link from an older e-mail can't turn
   * off what the owner has since turned on.
   */
  alertsVersion: integer('alerts_version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
