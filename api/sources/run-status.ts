import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { sourceRuns, type SourceRunTrigger } from '../../db/schema/index.ts';
import type { SourceRunStatus } from '../../vocabulary/source-run-status.ts';

/**
 * A source run's status, and every move of it (the states are vocabulary/source-run-status.ts's
 * `sourceRunStatuses`):
 *
 *   (none) ──queueRuns──► queued ──claimRun──► running ──finishRun──► succeeded | failed
 *                           │                    │ ▲
 *                           │                    └─┘ claimRun (a retry of a lost worker's run)
 *                           └──────── failRun, or abandoned by queueRuns ─────────► failed
 *
 * A run queued or running is active: a source has at most one (source_runs_one_active_key), and
 * only an active run moves. A finished run (succeeded or failed) stays as it is: a move asked of it
 * is refused (the function answers false), so a worker that comes back late cannot overwrite it.
 */

const active = ['queued', 'running'] as const satisfies readonly SourceRunStatus[];
const isActive = inArray(sourceRuns.status, [...active]);
const at = (runId: number) => eq(sourceRuns.id, runId);

/** What a run counts as it goes (api/sources/run.ts), written with its verdict. */
export type RunCounts = Pick<typeof sourceRuns.$inferInsert, 'pagesFetched' | 'notModified' | 'linksFound' | 'newStories' | 'duplicates' | 'knownFromOtherSite' | 'failures'>;

/**
 * A run queued or running this long is a lost one (its worker killed past every retry, or no worker
 * for hours): failed as abandoned, so its source can run again. A run's job times out long before.
 */
export const abandonedRunHours = 2;

/**
 * Queues a run of each source named, in `tx` (the caller enqueues their run-source jobs in the same
 * transaction). A source with a run queued or running gets no second one: the answer names the run
 * it has (`queued: false`), so two runs of a source never overlap (source_runs_one_active_key).
 * Runs abandoned for `abandonedRunHours` are failed first.
 */
export async function queueRuns(
  tx: Transaction,
  codes: readonly string[],
  request: { trigger: SourceRunTrigger; requestedBy: number | null; now: Date },
): Promise<{ code: string; runId: number; queued: boolean }[]> {
  if (!codes.length) return [];
  const cutoff = new Date(request.now.getTime() - abandonedRunHours * 3600_000);
  await tx
    .update(sourceRuns)
    .set({ status: 'failed', finishedAt: request.now, error: `Abandoned: no worker finished it within ${abandonedRunHours} hours` })
    .where(and(isActive, sql`coalesce(${sourceRuns.startedAt}, ${sourceRuns.queuedAt}) < ${cutoff.toISOString()}`));
  const queued = await tx
    .insert(sourceRuns)
    .values(codes.map((code) => ({ sourceCode: code, trigger: request.trigger, requestedBy: request.requestedBy, queuedAt: request.now })))
    .onConflictDoNothing()
    .returning({ code: sourceRuns.sourceCode, runId: sourceRuns.id });
  const byCode = new Map(queued.map((run) => [run.code, run.runId]));
  const answers: { code: string; runId: number; queued: boolean }[] = [];
  for (const code of codes) {
    const runId = byCode.get(code);
    if (runId !== undefined) {
      answers.push({ code, runId, queued: true });
      continue;
    }
    const [current] = await tx
      .select({ id: sourceRuns.id })
      .from(sourceRuns)
      .where(and(eq(sourceRuns.sourceCode, code), isActive));
    if (current) answers.push({ code, runId: current.id, queued: false });
  }
  return answers;
}

/** A worker takes the run: queued (or running, a retry after a lost worker) to running. False when it is no longer active. */
export async function claimRun(db: Executor, runId: number, now: Date): Promise<boolean> {
  const claimed = await db.update(sourceRuns).set({ status: 'running', startedAt: now }).where(and(at(runId), isActive)).returning({ id: sourceRuns.id });
  return claimed.length > 0;
}

/**
 * The worker's verdict on the run it holds, with its final counts: running to succeeded, or to
 * failed with why. False when the run is not running (failed as abandoned meanwhile, or never claimed).
 */
export async function finishRun(
  db: Executor,
  runId: number,
  outcome: { status: 'succeeded' | 'failed'; error: string | null; now: Date },
  counts: RunCounts = {},
): Promise<boolean> {
  const finished = await db
    .update(sourceRuns)
    .set({ ...counts, status: outcome.status, error: outcome.error, finishedAt: outcome.now })
    .where(and(at(runId), eq(sourceRuns.status, 'running' satisfies SourceRunStatus)))
    .returning({ id: sourceRuns.id });
  return finished.length > 0;
}

/** An active run failed without being read (its source is gone, its worker lost for good). False when it had finished already. */
export async function failRun(db: Executor, runId: number, error: string, now: Date): Promise<boolean> {
  const failed = await db.update(sourceRuns).set({ status: 'failed', error, finishedAt: now }).where(and(at(runId), isActive)).returning({ id: sourceRuns.id });
  return failed.length > 0;
}
