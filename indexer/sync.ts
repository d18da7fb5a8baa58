import { randomUUID } from 'node:crypto';
import type { Meilisearch } from 'meilisearch';
import type { Sql } from 'postgres';
import type { PolicyDocument } from './document.ts';
import { claimOutboxRows, completeOutboxClaim, releaseOutboxClaim, renewOutboxClaim } from './outbox.ts';
import { loadPolicyDocuments, loadPolicyStamps } from './policy-documents.ts';
import { taskSucceeded } from './tasks.ts';

/** Where the indexer reads from and writes to. */
export type SearchTarget = { sql: Sql; client: Meilisearch; indexName: string };

export type SyncOptions = {
  /** Oldest outbox rows claimed per batch (more rows of the same policies come along). */
  batchSize?: number;
  leaseSeconds?: number;
};

export type BatchResult = {
  /** Outbox rows claimed and finished. */
  outboxRows: number;
  upserted: number;
  deleted: number;
  /** Policies that changed while the batch was in flight, enqueued again for another pass. */
  requeued: number;
};

export const defaultBatchSize = 500;
export const defaultLeaseSeconds = 30;

/**
 * One pass: claim outbox rows, index the claimed policies' current state, delete the rows.
 * Returns null when nothing was claimable.
 *
 * Why no write is lost or left stale, even with several indexers and crashes:
 * - Rows are deleted only after Meilisearch reported the task succeeded, and only if they still
 *   carry this claim's token; a crash leaves them claimed until the lease runs out, then another
 *   pass takes them. Rows enqueued after the claim have no token and survive the delete.
 * - Nothing holds a transaction open: the claim, each lease renewal and the completion are
 *   statements (or a short transaction) of their own.
 * - The documents are read after the claim committed, so they include every change whose row was
 *   claimed (read committed: each statement sees all transactions committed before it).
 * - Two indexers can still hold rows of one policy P (two claims racing past the live-claim
 *   check; or A froze, its lease ran out, and B took its rows over) and their writes can reach
 *   Meilisearch in either order, so A may overwrite B's newer document with its older one.
 *   Meilisearch applies an index's tasks in the order they were enqueued. So after A's task
 *   succeeded, A reads P's stamp again: if it differs from the stamp A wrote, P changed after A
 *   read it, and A enqueues P again, so a later pass writes P after A's write. If it is equal,
 *   any later change of P commits after this read, with its own outbox row, processed by a claim
 *   made after A's write succeeded, so that write lands after A's. Stamps keep microseconds, so
 *   two commits within a millisecond still differ (triggers move the stamp on every change: see
 *   the migration).
 * - When A fails instead (its task may still be applied later), it gives its rows back, and
 *   enqueues afresh the policies whose rows B took over meanwhile, so whatever A's task did is
 *   followed by another pass.
 */
export async function syncOutboxBatch(target: SearchTarget, options: SyncOptions = {}): Promise<BatchResult | null> {
  const leaseSeconds = options.leaseSeconds ?? defaultLeaseSeconds;
  const claim = await claimOutboxRows(target.sql, {
    token: randomUUID(),
    batchSize: options.batchSize ?? defaultBatchSize,
    leaseSeconds,
  });
  if (claim.rowCount === 0) return null;

  // A live indexer keeps its claim however long Meilisearch takes; only a dead or frozen one
  // loses it, one lease after its last renewal.
  const renewal = setInterval(() => {
    renewOutboxClaim(target.sql, claim.token, leaseSeconds).catch(() => {});
  }, (leaseSeconds * 1000) / 3);
  let written: { stamps: Map<number, number>; upserted: number; deleted: number };
  try {
    written = await writeCurrentDocuments(target, claim.policyIds);
  } catch (error) {
    // Best effort: if Postgres is unreachable too, the lease runs out instead.
    await releaseOutboxClaim(target.sql, claim.token, claim.policyIds).catch(() => {});
    throw error;
  } finally {
    clearInterval(renewal);
  }

  const current = await loadPolicyStamps(target.sql, claim.policyIds);
  const raced = claim.policyIds.filter((id) => current.get(id) !== written.stamps.get(id));
  await completeOutboxClaim(target.sql, claim.token, raced, [...written.stamps.keys()]);
  return { outboxRows: claim.rowCount, upserted: written.upserted, deleted: written.deleted, requeued: raced.length };
}

/** How long a batch waits for its Meilisearch tasks before it gives its rows back and backs off. */
const taskTimeoutMs = 120_000;

/** Upserts the policies that exist and deletes the documents of those that do not, by primary key. */
async function writeCurrentDocuments(target: SearchTarget, policyIds: number[]) {
  const documents = await loadPolicyDocuments(target.sql, policyIds);
  const stamps = new Map(documents.map((document) => [document.id, document.updatedAt]));
  const gone = policyIds.filter((id) => !stamps.has(id));
  const index = target.client.index<PolicyDocument>(target.indexName);
  const tasks = [
    ...(documents.length > 0 ? [index.addDocuments(documents, { primaryKey: 'id' })] : []),
    ...(gone.length > 0 ? [index.deleteDocuments(gone)] : []),
  ];
  // Both are sent before either is waited for, so each is waited for: a failure of one must not
  // leave the other's rejection unhandled (that would end the process).
  const outcomes = await Promise.allSettled(tasks.map((task) => taskSucceeded(target.client, task, taskTimeoutMs, 'steady')));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return { stamps, upserted: documents.length, deleted: gone.length };
}

export type DrainResult = BatchResult & { batches: number };

/**
 * Runs passes until nothing is claimable: for tests, benchmarks and one-off catch-up. Rows other
 * indexers hold under a live lease are left to them.
 */
export async function drainOutbox(
  target: SearchTarget,
  options: SyncOptions & { onBatch?: (batch: BatchResult) => void } = {},
): Promise<DrainResult> {
  const total: DrainResult = { batches: 0, outboxRows: 0, upserted: 0, deleted: 0, requeued: 0 };
  for (;;) {
    const batch = await syncOutboxBatch(target, options);
    if (!batch) return total;
    options.onBatch?.(batch);
    total.batches += 1;
    total.outboxRows += batch.outboxRows;
    total.upserted += batch.upserted;
    total.deleted += batch.deleted;
    total.requeued += batch.requeued;
  }
}
