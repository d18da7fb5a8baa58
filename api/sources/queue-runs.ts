import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { sourceRuns, type SourceRunTrigger } from '../../db/schema/index.ts';

/**
 * A run queued or running this long is a lost one (its worker killed past every retry, or no worker
 * for hours): failed as abandoned, so its source can run again. A run's job times out long before.
 */
export const abandonedRunHours = 2;

/**
 * Queues a run of each source named, in `tx` (the caller enqueues their run-source jobs in the same
 * transaction). A source with a run queued or running gets no second one: the answer names the run
 * it has (`queued: false`), so two runs of a source never overlap (source_runs_one_active_key).
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
    .where(and(sql`${sourceRuns.status} in ('queued', 'running')`, sql`coalesce(${sourceRuns.startedAt}, ${sourceRuns.queuedAt}) < ${cutoff.toISOString()}`));
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
    const [active] = await tx
      .select({ id: sourceRuns.id })
      .from(sourceRuns)
      .where(and(eq(sourceRuns.sourceCode, code), sql`${sourceRuns.status} in ('queued', 'running')`));
    if (active) answers.push({ code, runId: active.id, queued: false });
  }
  return answers;
}
