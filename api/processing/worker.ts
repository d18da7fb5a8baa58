import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { startHeartbeat } from '../../db/heartbeat.ts';
import type { Analyser } from './analysis.ts';
import type { StoryJobSettings } from './config.ts';
import { failOrphanedStories, processStory, reprocessPolicy, type ProcessingDeps } from './process.ts';
import { processStoryPayload, processStoryQueue, reprocessPolicyPayload, reprocessPolicyQueue, type StoryQueue } from './queue.ts';

/**
 * The worker: takes story and reprocessing jobs off the queue, `STORY_CONCURRENCY` at a time, and
 * reports a heartbeat. `stop` lets the jobs in hand finish (within a grace period) and stops taking
 * new ones; a job cut off by a kill is retried after its timeout (decision 002).
 */
export async function runWorker(options: {
  db: Database;
  queue: StoryQueue;
  analyser: Analyser;
  settings: StoryJobSettings;
  log: (line: string) => void;
}): Promise<{ stop: () => Promise<void> }> {
  const { db, queue, analyser, settings, log } = options;
  const deps: ProcessingDeps = { db, analyser, now: () => new Date(), timeoutMs: settings.STORY_TIMEOUT_SECONDS * 1000 };
  let inHand = 0;
  let done = 0;

  const run = async <T>(job: PgBoss.JobWithMetadata<unknown>, schema: z.ZodType<T>, work: (data: T) => Promise<string>) => {
    const payload = schema.safeParse(job.data);
    if (!payload.success) {
      // No retry can fix a payload that does not parse: fail it at once, with why.
      log(`[worker] ${job.name} ${job.id}: bad payload ${JSON.stringify(job.data)}`);
      await queue.boss.fail(job.name, job.id, { error: 'Invalid payload' });
      return;
    }
    inHand++;
    try {
      const outcome = await work(payload.data);
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
  const register = async (name: string, handle: (job: PgBoss.JobWithMetadata<unknown>) => Promise<void>) => {
    let workerId = '';
    workerId = await queue.boss.work(name, workOptions, async ([job]) => {
      try {
        await handle(job!);
      } finally {
        queue.boss.notifyWorker(workerId);
      }
    });
  };
  for (let slot = 0; slot < settings.STORY_CONCURRENCY; slot++) {
    await register(processStoryQueue, (job) =>
      run(job, processStoryPayload, ({ storyId }) => processStory(deps, storyId, { retryCount: job.retryCount, retryLimit: job.retryLimit })),
    );
    await register(reprocessPolicyQueue, (job) => run(job, reprocessPolicyPayload, ({ policyId, overwriteEdited }) => reprocessPolicy(deps, policyId, overwriteEdited)));
  }

  // Beats once the slots are registered: a heartbeat means the worker takes jobs.
  const heartbeat = await startHeartbeat(db, {
    kind: 'worker',
    intervalMs: 5000,
    activity: () => `${analyser.name}: ${inHand} in hand, ${done} done`,
    onError: (error) => log(`[worker] heartbeat failed: ${error instanceof Error ? error.message : String(error)}`),
  });

  const sweep = setInterval(() => {
    failOrphanedStories(db, { graceSeconds: 60 })
      .then((count) => count > 0 && log(`[worker] ${count} stories left in processing with no attempt left: failed`))
      .catch((error) => log(`[worker] sweep failed: ${error instanceof Error ? error.message : String(error)}`));
  }, settings.JOB_MAINTENANCE_SECONDS * 1000);
  sweep.unref();

  return {
    stop: async () => {
      clearInterval(sweep);
      await queue.boss.offWork(processStoryQueue);
      await queue.boss.offWork(reprocessPolicyQueue);
      // Jobs in hand get a grace period to finish; one still running after it is retried later.
      const deadline = Date.now() + 10_000;
      while (inHand > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      await heartbeat.stop().catch(() => {});
    },
  };
}
