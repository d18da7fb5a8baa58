import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { startHeartbeat } from '../../db/heartbeat.ts';
import type { JobSources } from '../jobs/definition.ts';
import type { AlertServices } from '../alerts/services.ts';
import type { AnyJob, JobQueue } from '../jobs/queue.ts';
import { processStoryJob } from '../jobs/process-story.ts';
import type { Analyser } from '../processing/analysis.ts';
import type { StoryJobSettings } from '../processing/config.ts';
import { failOrphanedStories } from '../stories/status.ts';
import { holdJob, releaseJob, takeAbandonedJobs } from './holds.ts';

/**
 * The worker: takes every job of the queue's list (api/jobs/), each job's `concurrency` at a time,
 * and reports a heartbeat. `stop` lets the jobs in hand finish (within a grace period) and stops
 * taking new ones. A job cut off by a kill is retried once its worker's heartbeat has been silent
 * WORKER_DEAD_AFTER_SECONDS, by whichever worker is alive then (./holds.ts); after its timeout
 * when no worker is (decision 002).
 */
export async function runWorker<Jobs extends readonly AnyJob[]>(options: {
  db: Database;
  queue: JobQueue<Jobs>;
  analyser: Analyser;
  settings: StoryJobSettings;
  /** The sources' settings and fetcher (the worker process's); a test of other jobs may leave them out. */
  sources?: JobSources;
  /** The alerts' services; without them the alert jobs fail (and are retried by a worker that has them). */
  alerts?: AlertServices;
  log: (line: string) => void;
}): Promise<{ stop: () => Promise<void> }> {
  const { db, queue, analyser, settings, log, alerts } = options;
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
      await holdJob(db, heartbeat.id, job);
      const outcome = await definition.handle(payload.data, {
        db,
        analyser,
        now: () => new Date(),
        timeoutMs: timeoutSeconds * 1000,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        settings,
        enqueue: (tx, requests) => queue.enqueue(tx, requests as Parameters<typeof queue.enqueue>[1]),
        sources: options.sources,
        alerts,
      });
      done++;
      log(`[worker] ${job.name} ${JSON.stringify(payload.data)}: ${outcome}`);
    } catch (error) {
      log(`[worker] ${job.name} ${JSON.stringify(payload.data)}: attempt ${job.retryCount + 1} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    } finally {
      inHand--;
      await releaseJob(db, heartbeat.id, job.id).catch((error: unknown) => log(`[worker] could not release ${job.name} ${job.id}: ${String(error)}`));
    }
  };

  let sweeping = false;
  const retryDeadWorkersJobs = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const now = new Date();
      const retried = await db.transaction(async (tx) => {
        const abandoned = await takeAbandonedJobs(tx, settings.WORKER_DEAD_AFTER_SECONDS);
        for (const job of abandoned) {
          const reason = `Its worker stopped mid-attempt (no heartbeat for ${settings.WORKER_DEAD_AFTER_SECONDS} s)${job.final ? '' : ', retrying'}`;
          await queue.retryAbandoned(tx, job, reason);
          const definition = queue.definitions.find((candidate) => candidate.name === job.name);
          const payload = definition?.payload.safeParse(job.data);
          if (definition?.abandoned && payload?.success) await definition.abandoned(tx, payload.data, { final: job.final, reason, now });
        }
        return abandoned;
      });
      for (const job of retried) log(`[worker] ${job.name} ${JSON.stringify(job.data)}: its worker ${job.workerId} stopped beating; ${job.final ? 'failed, no attempt left' : 'retrying now'}`);
    } catch (error) {
      // drizzle's message is the statement; Postgres's reason is its cause.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      log(`[worker] sweep of dead workers' jobs failed: ${cause}`);
    } finally {
      sweeping = false;
    }
  };

  // Beats before the first job is taken: a hold names this worker by its heartbeat, and a hold
  // whose worker has no heartbeat is a dead worker's. A heartbeat also means the worker takes jobs.
  let beatingSince: number | undefined;
  const heartbeat = await startHeartbeat(db, {
    kind: 'worker',
    intervalMs: settings.WORKER_HEARTBEAT_SECONDS * 1000,
    activity: () => `${analyser.name}: ${inHand} in hand, ${done} done`,
    onBeat: () => {
      beatingSince ??= Date.now();
      // Only a worker that has reached Postgres for a whole dead-after period judges others: after
      // an outage every live worker's heartbeat is stale until its next beat.
      if (Date.now() - beatingSince >= settings.WORKER_DEAD_AFTER_SECONDS * 1000) void retryDeadWorkersJobs();
    },
    onError: (error) => {
      beatingSince = undefined;
      log(`[worker] heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
    },
  });

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

  const wakeUps = await listenForWakeUps(db, queue, log);

  const sweep = setInterval(() => {
    failOrphanedStories(db, { graceSeconds: 60, jobName: processStoryJob.name })
      .then((count) => count > 0 && log(`[worker] ${count} stories left in processing with no attempt left: failed`))
      .catch((error) => log(`[worker] sweep failed: ${error instanceof Error ? error.message : String(error)}`));
  }, settings.JOB_MAINTENANCE_SECONDS * 1000);
  sweep.unref();

  return {
    stop: async () => {
      clearInterval(sweep);
      await wakeUps.stop();
      for (const definition of queue.definitions) await queue.boss.offWork(definition.name);
      // Jobs in hand get a grace period to finish; one still running after it keeps its hold, and
      // with the heartbeat gone another worker retries it at its next sweep.
      const deadline = Date.now() + 10_000;
      while (inHand > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      await heartbeat.stop().catch(() => {});
    },
  };
}

/**
 * The jobs declared with `wakeOn` are enqueued when their channel is notified (a policy became
 * searchable; deliveries are due now), so they run within the poll interval instead of at their
 * next minute. Notifications coming in a burst enqueue one job.
 */
async function listenForWakeUps(db: Database, queue: JobQueue<readonly AnyJob[]>, log: (line: string) => void): Promise<{ stop: () => Promise<void> }> {
  const listeners: { unlisten: () => Promise<void> }[] = [];
  for (const definition of queue.definitions) {
    const wakeOn = definition.wakeOn;
    if (!wakeOn) continue;
    let queued = false;
    const wake = () => {
      if (queued) return;
      queued = true;
      // The next notification enqueues again once this one's job is in the queue.
      setTimeout(() => {
        queued = false;
        db.transaction((tx) => queue.enqueue(tx, [{ name: definition.name, data: wakeOn.data }])).catch((error: unknown) => log(`[worker] could not enqueue ${definition.name}: ${String(error)}`));
      }, 200);
    };
    listeners.push(await db.$client.listen(wakeOn.channel, wake));
  }
  return { stop: async () => void (await Promise.all(listeners.map((listener) => listener.unlisten().catch(() => {})))) };
}
