import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { startHeartbeat } from '../../db/heartbeat.ts';
import type { AnyJob, JobQueue } from '../jobs/queue.ts';
import { processStoryJob } from '../jobs/process-story.ts';
import type { Analyser } from '../processing/analysis.ts';
import type { StoryJobSettings } from '../processing/config.ts';
import { failOrphanedStories } from '../stories/status.ts';

/**
 * The worker: takes every job of the queue's list (api/jobs/), each job's `concurrency` at a time,
 * and reports a heartbeat. `stop` lets the jobs in hand finish (within a grace period) and stops
 * taking new ones; a job cut off by a kill is retried after its timeout (decision 002).
 */
export async function runWorker<Jobs extends readonly AnyJob[]>(options: {
  db: Database;
  queue: JobQueue<Jobs>;
  analyser: Analyser;
  settings: StoryJobSettings;
  log: (line: string) => void;
}): Promise<{ stop: () => Promise<void> }> {
  const { db, queue, analyser, settings, log } = options;
  let inHand = 0;
  let done = 0;

  const run = async (definition: AnyJob, job: PgBoss.JobWithMetadata<unknown>) => {
    const payload = definition.payload.safeParse(job.data);
    if (!payload.success) {
      // No retry can fix a payload that does not parse: fail it at once, with why.
      log(`[worker] ${job.name} ${job.id}: bad payload ${JSON.stringify(job.data)}`);
      await queue.boss.fail(job.name, job.id, { error: 'Invalid payload' });
      return;
    }
    const { timeoutSeconds } = definition.options(settings);
    inHand++;
    try {
      const outcome = await definition.handle(payload.data, {
        db,
        analyser,
        now: () => new Date(),
        timeoutMs: timeoutSeconds * 1000,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        settings,
      });
      done++;
      log(`[worker] ${job.name} ${JSON.stringify(payload.data)}: ${outcome}`);
    } catch (error) {
      log(`[worker] ${job.name} ${JSON.stringify(payload.data)}: attempt ${job.retryCount + 1} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    } finally {
      inHand--;
    }
  };

  const workOptions = { batchSize: 1, pollingIntervalSeconds: settings.JOB_POLL_SECONDS, includeMetadata: true as const };
  // pg-boss 10 runs one job at a time per work() call: concurrency is that many calls. Its loop
  // waits the polling interval after every fetch, even one that found a job; a slot that has just
  // finished a job asks for the next at once (notifyWorker), so a busy queue is never paced by the
  // poll, and an idle one is polled every JOB_POLL_SECONDS.
  const register = async (definition: AnyJob) => {
    let workerId = '';
    workerId = await queue.boss.work(definition.name, workOptions, async ([job]) => {
      try {
        await run(definition, job!);
      } finally {
        queue.boss.notifyWorker(workerId);
      }
    });
  };
  const slots = Math.max(...queue.definitions.map((definition) => definition.options(settings).concurrency));
  // Slot by slot across the jobs, so each job's first slot is taking jobs before any job's second.
  for (let slot = 0; slot < slots; slot++) {
    for (const definition of queue.definitions) if (slot < definition.options(settings).concurrency) await register(definition);
  }

  // Beats once the slots are registered: a heartbeat means the worker takes jobs.
  const heartbeat = await startHeartbeat(db, {
    kind: 'worker',
    intervalMs: 5000,
    activity: () => `${analyser.name}: ${inHand} in hand, ${done} done`,
    onError: (error) => log(`[worker] heartbeat failed: ${error instanceof Error ? error.message : String(error)}`),
  });

  const sweep = setInterval(() => {
    failOrphanedStories(db, { graceSeconds: 60, jobName: processStoryJob.name })
      .then((count) => count > 0 && log(`[worker] ${count} stories left in processing with no attempt left: failed`))
      .catch((error) => log(`[worker] sweep failed: ${error instanceof Error ? error.message : String(error)}`));
  }, settings.JOB_MAINTENANCE_SECONDS * 1000);
  sweep.unref();

  return {
    stop: async () => {
      clearInterval(sweep);
      for (const definition of queue.definitions) await queue.boss.offWork(definition.name);
      // Jobs in hand get a grace period to finish; one still running after it is retried later.
      const deadline = Date.now() + 10_000;
      while (inHand > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      await heartbeat.stop().catch(() => {});
    },
  };
}
