import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import type { StoryJobSettings } from './config.ts';

/**
 * The story pipeline's durable jobs, on pg-boss (decision 002): one queue to turn a story into a
 * policy, one to reprocess a policy from its source. Jobs are enqueued inside the caller's
 * transaction, so a story is marked `processing` if and only if its job exists.
 */

export const processStoryQueue = 'process-story';
export const reprocessPolicyQueue = 'reprocess-policy';

export const processStoryPayload = z.object({ storyId: z.number().int().positive() });
export const reprocessPolicyPayload = z.object({ policyId: z.number().int().positive(), overwriteEdited: z.boolean() });
export type ProcessStoryJob = z.infer<typeof processStoryPayload>;
export type ReprocessPolicyJob = z.infer<typeof reprocessPolicyPayload>;

export type StoryQueue = {
  boss: PgBoss;
  /** Enqueues in `tx`: the jobs exist if and only if the transaction commits. */
  enqueue: (tx: Transaction, jobs: ({ name: typeof processStoryQueue; data: ProcessStoryJob } | { name: typeof reprocessPolicyQueue; data: ReprocessPolicyJob })[]) => Promise<void>;
  stop: () => Promise<void>;
};

/** pg-boss speaks numbered parameters ($1, $2); a drizzle transaction takes SQL objects. */
function parameterised(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    // pg-boss leaves unset defaults undefined, which SQL knows as null.
    parts.map((part, index) => (index % 2 === 1 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part))),
    sql.raw(''),
  );
}

/**
 * Starts pg-boss on `databaseUrl` (creating or migrating its `pgboss` schema) and makes sure both
 * queues exist with the current retry and timeout settings. `maintain`: this process runs the
 * queue's maintenance (the worker does; the API does not).
 */
export async function startStoryQueue(databaseUrl: string, settings: StoryJobSettings, options: { maintain: boolean; max?: number }): Promise<StoryQueue> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: options.max ?? 2,
    application_name: 'policy-tracker-jobs',
    supervise: options.maintain,
    schedule: false,
    maintenanceIntervalSeconds: settings.JOB_MAINTENANCE_SECONDS,
    // Finished jobs are kept a week for the record, then archived and dropped by pg-boss.
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
  });
  boss.on('error', (error) => console.error(`[jobs] ${error instanceof Error ? error.message : String(error)}`));
  await boss.start();
  const queueOptions = {
    retryLimit: settings.STORY_RETRY_LIMIT,
    retryDelay: settings.STORY_RETRY_DELAY_SECONDS,
    retryBackoff: settings.STORY_RETRY_BACKOFF,
    // A job past this is a killed or stuck worker's: maintenance fails it and the retry rule applies.
    expireInSeconds: settings.STORY_TIMEOUT_SECONDS + 5,
  };
  for (const name of [processStoryQueue, reprocessPolicyQueue]) {
    await boss.createQueue(name, { name, ...queueOptions });
    await boss.updateQueue(name, { name, ...queueOptions });
  }
  return {
    boss,
    enqueue: async (tx, jobs) => {
      if (jobs.length === 0) return;
      const db = { executeSql: async (text: string, values: unknown[] = []) => ({ rows: [...(await tx.execute(parameterised(text, values)))] }) };
      // Batches keep the one JSON parameter small whatever the number of stories.
      for (let start = 0; start < jobs.length; start += 5000) await boss.insert(jobs.slice(start, start + 5000), { db });
    },
    stop: () => boss.stop({ graceful: false, wait: true, close: true }),
  };
}

/**
 * The API's handle on the queue: started on first use (pg-boss creates its schema then), so a
 * process or a test that never enqueues never connects to it.
 */
export function lazyStoryQueue(databaseUrl: string, settings: StoryJobSettings): Pick<StoryQueue, 'enqueue' | 'stop'> {
  let started: Promise<StoryQueue> | null = null;
  const queue = () => (started ??= startStoryQueue(databaseUrl, settings, { maintain: false }).catch((error: unknown) => {
    started = null;
    throw error;
  }));
  return {
    enqueue: async (tx, jobs) => (await queue()).enqueue(tx, jobs),
    stop: async () => {
      if (started) await (await started).stop();
    },
  };
}
