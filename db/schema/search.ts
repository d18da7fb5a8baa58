import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { searchRebuildStatuses, type SearchRebuildStatus } from '../../vocabulary/search-rebuild-status.ts';
import { users } from './users.ts';

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

/**
 * How long each outbox row waited, from the write that enqueued it (`enqueued_at`, its
 * transaction's start) to the commit that finished its batch in Meilisearch: written by
 * completeOutboxClaim (indexer/outbox.ts) in that commit, kept for about an hour, read by the
 * back office's System Status as the recent p95 write → searchable (issue 47).
 */
export const searchFreshness = pgTable(
  'search_freshness',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('search_freshness_indexed_at_idx').on(t.indexedAt)],
);

export { searchRebuildStatuses, type SearchRebuildStatus };

/**
 * Rebuilds of the search index asked for from the back office (Admin Tools, "Reindex search").
 * The API writes a `queued` row; the indexer daemon claims it, runs the zero-downtime rebuild
 * (indexer/rebuild.ts) and writes its progress here, so the screen can follow it. One may be
 * queued or running at a time (the partial unique index); a running row whose heartbeat went
 * stale belongs to a dead indexer and is closed as failed by the next request or claim.
 */
export const searchRebuilds = pgTable(
  'search_rebuilds',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<SearchRebuildStatus>().notNull().default('queued'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** indexer/rebuild.ts's phases: loading, catching up, swapping, checking. */
    phase: text('phase'),
    documentsWritten: integer('documents_written').notNull().default(0),
    /** Policies in Postgres when the rebuild started. */
    documentsTotal: integer('documents_total'),
    result: jsonb('result').$type<Record<string, number>>(),
    error: text('error'),
  },
  (t) => [
    check('search_rebuilds_status_valid', sql.raw(`status in (${searchRebuildStatuses.map((status) => `'${status}'`).join(', ')})`)),
    uniqueIndex('search_rebuilds_one_active_key').on(sql`(true)`).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The state of the search index, one row: `version` moves on every time the indexer has seen a
 * change land in Meilisearch (a batch of the outbox applied, settings applied, a rebuild swapped
 * in). The API keys the search answers it keeps in memory by it (api/search/cached-search.ts),
 * so an answer is never served once the index it came from has changed, in any API process.
 */
export const searchIndexState = pgTable(
  'search_index_state',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('search_index_state_one_row', sql`${t.id}`)],
);
