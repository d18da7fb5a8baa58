import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { EffectivenessStatus } from '../../vocabulary/effectiveness.ts';
import { followEventKinds, type FollowEventKind } from '../../vocabulary/follows.ts';
import { policies } from './policies.ts';

/**
 * Something a followed policy's followers are told about: a new confirmed link into it (amended,
 * replaced, repealed or cited by `other_policy_id`) or a new effectiveness status. Written only by
 * triggers (migration 0025), in the transaction that wrote the link or the status, and only for
 * policies someone follows; the `match-follow-alerts` job turns each into deliveries after commit
 * (api/alerts/follow-events.ts). The unique key makes an event once, ever: a link re-read from the
 * text, or a status that comes back, tells nobody twice. Decision 026.
 */
export const followEvents = pgTable(
  'follow_events',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FollowEventKind>().notNull(),
    otherPolicyId: integer('other_policy_id').references(() => policies.id, { onDelete: 'cascade' }),
    status: text('status').$type<EffectivenessStatus>(),
    since: date('since', { mode: 'string' }),
    /** The writing transaction: events of one write are told together (a repeal and the status it causes, one notice). */
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set in the transaction that wrote its deliveries. */
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [
    unique('follow_events_once_key').on(t.policyId, t.kind, t.otherPolicyId, t.status, t.since).nullsNotDistinct(),
    index('follow_events_waiting_idx').on(t.id).where(sql`${t.fannedOutAt} is null`),
    check('follow_events_kind_valid', sql`${t.kind} in (${sql.raw(followEventKinds.map((kind) => `'${kind}'`).join(', '))})`),
  ],
);
