import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { policiesHoldingUrls } from '../../db/policy-trash.ts';
import { pendingStories, policies } from '../../db/schema/index.ts';
import type { StoryStatus } from '../../vocabulary/story-status.ts';

/**
 * A story's status, and every move of it (the states are vocabulary/story-status.ts's
 * `storyStatuses`):
 *
 *   pending ──startProcessing──► processing ──markProcessed──► processed
 *      ▲   ◄──resetProcessing──      │  └──────markFailed─────► failed
 *      │                             └──failOrphanedStories──► failed
 *   failed ──startProcessing (named)─► processing
 *   pending | failed | processed ──markByAdmin──► processed | failed
 *   processed without a live policy (deleted, or marked) ──requeue──► pending
 *   any ──deleteStories──► gone
 *
 * A story is `processing` exactly when a job for it exists: whoever calls `startProcessing`
 * enqueues the stories' jobs in the same transaction. Only a story still in `processing` takes a
 * worker's outcome, so a reset, an admin's mark or a delete wins over a job still running.
 */

const at = (id: number) => eq(pendingStories.id, id);
const isProcessing = eq(pendingStories.status, 'processing' satisfies StoryStatus);

/** A processed story with no live policy: its policy is in the Trash or purged, or an admin marked it processed. Re-queueable. */
const processedWithoutPolicy = and(
  eq(pendingStories.status, 'processed' satisfies StoryStatus),
  sql`not exists (select 1 from ${policies} where ${policies.id} = ${pendingStories.policyId} and ${policies.deletedAt} is null)`,
)!;

/**
 * A story the worker processed whose policy was deleted since (in the Trash, or purged: the
 * worker's analyser is recorded, the policy is not live). The queue lists it, "policy deleted",
 * to be re-queued.
 */
export const policyDeleted = and(
  processedWithoutPolicy,
  sql`(${pendingStories.policyId} is not null or ${pendingStories.analyser} is not null)`,
)!;

/** The queue the Story Processing tab lists: every story not yet processed (waiting, in processing, or failed to retry), and those whose policy was deleted. */
export const inQueue = or(ne(pendingStories.status, 'processed' satisfies StoryStatus), policyDeleted)!;

/**
 * Named stories that are pending or failed (a retry), or with none named every pending one, into
 * `processing`; their ids, for the caller to enqueue in `tx`.
 */
export async function startProcessing(tx: Transaction, storyIds: readonly number[], now: Date): Promise<number[]> {
  const which = storyIds.length
    ? and(inArray(pendingStories.id, [...storyIds]), inArray(pendingStories.status, ['pending', 'failed'] satisfies StoryStatus[]))
    : eq(pendingStories.status, 'pending' satisfies StoryStatus);
  const stories = await tx.update(pendingStories).set({ status: 'processing', error: null, updatedAt: now }).where(which).returning({ id: pendingStories.id });
  return stories.map((story) => story.id);
}

/** Every story in `processing` back to `pending` (what is stuck); their ids. A job still running for one finds it pending and leaves it. */
export async function resetProcessing(tx: Transaction, now: Date): Promise<number[]> {
  const stories = await tx.update(pendingStories).set({ status: 'pending', error: null, updatedAt: now }).where(isProcessing).returning({ id: pendingStories.id });
  return stories.map((story) => story.id);
}

/**
 * An admin's verdict on a story not being processed: `processed` (success) or `failed`. The status
 * it had, or why it can't be marked: no such story, or a worker holds it (its outcome is the worker's).
 */
export async function markByAdmin(tx: Transaction, storyId: number, success: boolean, now: Date): Promise<{ from: StoryStatus } | 'missing' | 'processing'> {
  const [story] = await tx.select({ status: pendingStories.status }).from(pendingStories).where(at(storyId)).for('update');
  if (!story) return 'missing';
  if (story.status === 'processing') return 'processing';
  await tx
    .update(pendingStories)
    .set(
      success
        ? { status: 'processed', processedAt: now, error: null, updatedAt: now }
        : { status: 'failed', processedAt: null, error: 'Marked as failed by an admin', updatedAt: now },
    )
    .where(at(storyId));
  return { from: story.status };
}

/**
 * A processed story with no live policy back to `pending`, to be processed again into a new
 * policy. Why it can't be: no such story, or it is not processed, or its policy is live, or a
 * policy in the Trash still holds its URL (db/policy-trash.ts: restore that one, or purge it first).
 */
export async function requeue(tx: Transaction, storyId: number, now: Date): Promise<{ policyId: number | null } | 'missing' | 'not_processed' | 'has_policy' | 'in_trash'> {
  const [story] = await tx
    .select({ status: pendingStories.status, url: pendingStories.url, policyId: pendingStories.policyId, withoutPolicy: sql<boolean>`${processedWithoutPolicy}` })
    .from(pendingStories)
    .where(at(storyId))
    .for('update');
  if (!story) return 'missing';
  if (story.status !== 'processed') return 'not_processed';
  if (!story.withoutPolicy) return 'has_policy';
  if (story.url && (await policiesHoldingUrls(tx, [story.url])).get(story.url)?.inTrash) return 'in_trash';
  await tx
    .update(pendingStories)
    .set({ status: 'pending', policyId: null, processedAt: null, error: null, attempts: 0, updatedAt: now })
    .where(at(storyId));
  return { policyId: story.policyId };
}

/** Deletes the stories that exist among `ids`: their ids and addresses. */
export async function deleteStories(tx: Transaction, ids: readonly number[]): Promise<{ id: number; url: string | null }[]> {
  return tx.delete(pendingStories).where(inArray(pendingStories.id, [...ids])).returning({ id: pendingStories.id, url: pendingStories.url });
}

/** A worker's attempt begins: counted on the story. */
export async function countAttempt(db: Executor, storyId: number): Promise<void> {
  await db
    .update(pendingStories)
    .set({ attempts: sql`${pendingStories.attempts} + 1` })
    .where(at(storyId));
}

/** The story under a lock in `tx` if it still waits for this worker's outcome (still `processing`), else null. */
export async function lockProcessingStory(tx: Transaction, storyId: number) {
  const [story] = await tx.select().from(pendingStories).where(at(storyId)).for('update');
  return story?.status === 'processing' ? story : null;
}

/** A worker's success, written with the policy it made and what the analysis cost. Call on a story locked by `lockProcessingStory`. */
export async function markProcessed(
  tx: Transaction,
  storyId: number,
  outcome: { policyId: number; analyser: string; tokens: number | null; durationMs: number | null; at: Date },
): Promise<void> {
  await tx
    .update(pendingStories)
    .set({
      status: 'processed',
      policyId: outcome.policyId,
      error: null,
      analyser: outcome.analyser,
      tokens: outcome.tokens,
      durationMs: outcome.durationMs,
      processedAt: outcome.at,
      updatedAt: outcome.at,
    })
    .where(at(storyId));
}

/** A failed attempt with retries left: the story stays `processing`, with why, which the queue shows while it waits. */
export async function noteFailedAttempt(db: Executor, storyId: number, reason: string): Promise<void> {
  await db.update(pendingStories).set({ error: reason }).where(and(at(storyId), isProcessing));
}

/** A worker's final failure (no retry left, or none could help), unless the story has left `processing` meanwhile. */
export async function markFailed(db: Executor, storyId: number, reason: string, now: Date): Promise<void> {
  await db
    .update(pendingStories)
    .set({ status: 'failed', error: reason, updatedAt: now })
    .where(and(at(storyId), isProcessing));
}

/**
 * Stories left in `processing` with no job of `jobName` that could still finish them (a job that
 * ran out of attempts while its workers were killed, or removed by hand) are `failed`, to be
 * retried by an admin. Run by the worker beside the queue's own maintenance.
 */
export async function failOrphanedStories(db: Executor, options: { graceSeconds: number; jobName: string }): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`
    update pending_stories s
       set status = 'failed',
           error = coalesce(s.error || '. ', '') || 'Processing stopped with no attempt left (the worker was stopped or timed out)',
           updated_at = now()
     where s.status = 'processing'
       and s.updated_at < now() - make_interval(secs => ${options.graceSeconds})
       and not exists (
         select 1 from pgboss.job j
          where j.name = ${options.jobName}
            and j.state in ('created', 'retry', 'active')
            and (j.data ->> 'storyId')::int = s.id
       )
    returning s.id`);
  return rows.length;
}
