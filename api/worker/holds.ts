import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { jobHolds } from '../../db/schema/index.ts';

/**
 * Which worker holds which job attempt (db/schema `job_holds`), so that a killed worker's attempts
 * are retried as soon as its heartbeat stops rather than after the job's timeout (5 minutes for a
 * story). The heartbeat alone decides who is dead: a slow worker that still beats keeps its jobs.
 */

/** Worker `workerId` (its heartbeat's id) runs attempt `retryCount` of the job; a later attempt's hold replaces an earlier one's. */
export async function holdJob(db: Executor, workerId: string, job: { id: string; name: string; retryCount: number }): Promise<void> {
  await db
    .insert(jobHolds)
    .values({ jobId: job.id, jobName: job.name, workerId, retryCount: job.retryCount })
    .onConflictDoUpdate({ target: jobHolds.jobId, set: { jobName: job.name, workerId, retryCount: job.retryCount, heldSince: sql`now()` } });
}

/** The attempt is over (done, or failed to pg-boss): the hold goes, if it is still this worker's. */
export async function releaseJob(db: Executor, workerId: string, jobId: string): Promise<void> {
  await db.delete(jobHolds).where(and(eq(jobHolds.jobId, jobId), eq(jobHolds.workerId, workerId)));
}

export type AbandonedJob = { id: string; name: string; data: unknown; workerId: string; final: boolean };

/**
 * In `tx`: takes (deletes) the holds of every worker with no heartbeat in the last
 * `deadAfterSeconds` (a killed one's went stale; a stopped one's is gone), and answers the jobs
 * still in the very attempt held: active, with the hold's retry count, locked until `tx` ends. A
 * job since expired, retried or finished is another attempt's, and left alone. Concurrent sweeps
 * share nothing: a hold is deleted by one of them. `final`: no retry is left after this attempt.
 */
export async function takeAbandonedJobs(tx: Transaction, deadAfterSeconds: number): Promise<AbandonedJob[]> {
  const rows = await tx.execute<AbandonedJob>(sql`
    with dead as (
      delete from job_holds h
       where not exists (
         select 1 from daemon_heartbeats d
          where d.id = h.worker_id
            and d.last_seen_at > now() - make_interval(secs => ${deadAfterSeconds})
       )
      returning h.job_id, h.job_name, h.worker_id, h.retry_count
    )
    select j.id, j.name, j.data, dead.worker_id as "workerId", j.retry_count >= j.retry_limit as final
      from dead
      join pgboss.job j on j.name = dead.job_name and j.id = dead.job_id
     where j.state = 'active' and j.retry_count = dead.retry_count
       for update of j`);
  return [...rows];
}
