import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox feeding the search index. Rows are written by triggers in the same
 * transaction as the change, claimed by an indexer with a lease, and deleted once Meilisearch
 * has applied them. A claim whose lease ran out (crashed indexer) is claimed again.
 */
export const searchOutbox = pgTable(
  'search_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    policyId: integer('policy_id').notNull(),
    operation: text('operation').$type<'upsert' | 'delete'>().notNull(),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    check('search_outbox_operation_valid', sql`${t.operation} in ('upsert', 'delete')`),
    index('search_outbox_policy_id_idx').on(t.policyId),
    index('search_outbox_claim_token_idx').on(t.claimToken),
  ],
);
