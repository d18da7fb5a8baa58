import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import type { StoryJobSettings } from '../processing/config.ts';
import type { JobDefinition, ScheduleSettings } from './definition.ts';
import { jobs } from './index.ts';

/**
 * The jobs' queue, on pg-boss (decision 002): a queue per job of the list (./index.ts) with the
 * job's retry and timeout options, its schedule when it has one, and `enqueue` typed from the list.
 * Jobs are enqueued inside the caller's transaction, so a job exists if and only if the change
 * that asked for it commits.
 */

export type AnyJob = JobDefinition<string, z.ZodType>;

/** A job to enqueue: a name of the list with its payload. */
export type JobRequest<Jobs extends readonly AnyJob[] = typeof jobs> = Jobs[number] extends infer Job
  ? Job extends JobDefinition<infer Name, infer Payload>
    ? { name: Name; data: z.input<Payload> }
    : never
  : never;

export type JobQueue<Jobs extends readonly AnyJob[] = typeof jobs> = {
  boss: PgBoss;
  definitions: Jobs;
  /** Enqueues in `tx`: the jobs exist if and only if the transaction commits. */
  enqueue: (tx: Transaction, requests: readonly JobRequest<Jobs>[]) => Promise<void>;
  /** In `tx`: fails the attempt in hand of a job whose worker died, so its retry (if one is left) is due now. */
  retryAbandoned: (tx: Transaction, job: { name: string; id: string }, reason: string) => Promise<void>;
  stop: () => Promise<void>;
};

/** pg-boss speaks numbered parameters ($1, $2); a drizzle transaction takes SQL objects. */
function parameterised(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    // pg-boss leaves unset defaults undefined, which SQL knows as null.
    parts.map((part, index) => (index % 2 === 1 ? sql`${asText(values[Number(part) - 1]) ?? null}` : sql.raw(part))),
    sql.raw(''),
  );
}

/**
 * pg-boss relies on node-postgres turning an array into Postgres's array text and an object into
 * JSON (`fail`'s job ids, cast to uuid[], and its output, cast to jsonb); drizzle would spread an
 * array into a list, and postgres.js refuses a bare object. So both go as the text pg would send.
 */
function asText(value: unknown): unknown {
  if (Array.isArray(value)) return `{${value.map((item) => `"${String(item).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

/** pg-boss's statements run in the caller's drizzle transaction (its `db` option). */
function inTransaction(tx: Transaction) {
  return { executeSql: async (text: string, values: unknown[] = []) => ({ rows: [...(await tx.execute(parameterised(text, values)))] }) };
}

/**
 * Starts pg-boss on `databaseUrl` (creating or migrating its `pgboss` schema) and makes sure every
 * job's queue exists with its current options. `maintain`: this process runs the queue's
 * maintenance and its clock (the worker does; the API does not), and so puts each job's schedule
 * in pg-boss's schedule table, or takes out the schedule of a job that no longer has one.
 * `definitions`: the list (the product's, unless a test brings its own).
 */
export async function startJobQueue<const Jobs extends readonly AnyJob[] = typeof jobs>(
  databaseUrl: string,
  settings: ScheduleSettings,
  options: { maintain: boolean; max?: number; definitions?: Jobs },
): Promise<JobQueue<Jobs>> {
  const definitions = options.definitions ?? (jobs as unknown as Jobs);
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: options.max ?? 2,
    application_name: 'policy-tracker-jobs',
    supervise: options.maintain,
    schedule: options.maintain,
    maintenanceIntervalSeconds: settings.JOB_MAINTENANCE_SECONDS,
    // Finished jobs are kept a week for the record, then archived and dropped by pg-boss.
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
  });
  boss.on('error', (error) => console.error(`[jobs] ${error instanceof Error ? error.message : String(error)}`));
  await boss.start();
  for (const definition of definitions) {
    const { retryLimit, retryDelaySeconds, retryBackoff, timeoutSeconds } = definition.options(settings);
    const queueOptions = {
      name: definition.name,
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff,
      // A job past this is a killed or stuck worker's: maintenance fails it and the retry rule applies.
      expireInSeconds: timeoutSeconds + 5,
    };
    await boss.createQueue(definition.name, queueOptions);
    await boss.updateQueue(definition.name, queueOptions);
    if (options.maintain) {
      const schedule = typeof definition.schedule === 'function' ? definition.schedule(settings) : definition.schedule;
      if (schedule) await boss.schedule(definition.name, schedule.cron, schedule.data as object);
      else await boss.unschedule(definition.name);
    }
  }
  return {
    boss,
    definitions,
    enqueue: async (tx, requests) => {
      if (requests.length === 0) return;
      const db = inTransaction(tx);
      // Batches keep the one JSON parameter small whatever the number of jobs.
      for (let start = 0; start < requests.length; start += 5000) await boss.insert(requests.slice(start, start + 5000) as PgBoss.JobInsert[], { db });
    },
    retryAbandoned: async (tx, job, reason) => {
      await boss.fail(job.name, job.id, { message: reason }, { db: inTransaction(tx) });
      // pg-boss puts a failed attempt's retry off by the queue's retry delay, meant for a cause that
      // takes time to pass (an LLM's rate limit); a killed worker is not one: the retry is due now.
      await tx.execute(sql`update pgboss.job set start_after = now() where name = ${job.name} and id = ${job.id} and state = 'retry'`);
    },
    stop: () => boss.stop({ graceful: false, wait: true, close: true }),
  };
}

/**
 * The API's handle on the queue: started on first use (pg-boss creates its schema then), so a
 * process or a test that never enqueues never connects to it.
 */
export function lazyJobQueue(databaseUrl: string, settings: StoryJobSettings): Pick<JobQueue, 'enqueue' | 'stop'> {
  let started: Promise<JobQueue> | null = null;
  const queue = () => (started ??= startJobQueue(databaseUrl, settings, { maintain: false }).catch((error: unknown) => {
    started = null;
    throw error;
  }));
  return {
    enqueue: async (tx, requests) => (await queue()).enqueue(tx, requests),
    stop: async () => {
      if (started) await (await started).stop();
    },
  };
}
