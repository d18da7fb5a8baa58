import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import type { PageFetcher } from '../outbound/types.ts';
import type { AlertServices } from '../alerts/services.ts';
import type { Analyser } from '../processing/analysis.ts';
import type { StoryJobSettings } from '../processing/config.ts';
import type { SourcesSettings } from '../sources/config.ts';

/**
 * What a job is (decision 007): one file declaring its name, its payload's zod schema, its queue
 * options, its handler and, when it runs on a clock, its schedule. The queue (./queue.ts) and the
 * worker (api/worker/) iterate the list in ./index.ts; nothing else names a job.
 */

/** How a job's queue retries and times out, read from the settings (`STORY_*` for the story pipeline's jobs). */
export type JobQueueOptions = {
  /** Retries after a failed attempt. */
  retryLimit: number;
  /** First wait before a retry, in seconds; doubled at each retry when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** One attempt's limit: the handler's signal aborts past it, and pg-boss retries a job held longer (a killed worker's). */
  timeoutSeconds: number;
  /** Jobs of this queue one worker process runs at once. */
  concurrency: number;
};

/** What a handler may reach: the worker's database, analyser and clock, and this attempt's place among its retries. */
export type JobContext = {
  db: Database;
  analyser: Analyser;
  now: () => Date;
  /** This attempt's limit, from the job's `timeoutSeconds`. */
  timeoutMs: number;
  retryCount: number;
  retryLimit: number;
  /** The jobs' settings (TRASH_RETENTION_DAYS for the purge). */
  settings: StoryJobSettings;
  /**
   * Enqueues jobs of the list in `tx`, as `deps.jobs.enqueue` does for the API: a job that starts
   * others (the sources' schedule, a run's new stories). Loosely typed here, since the typed list
   * (./index.ts) imports this file; the queue checks each payload when its job runs. The worker
   * gives it and `sources` to every job; a test driving another job by hand may leave them out.
   */
  enqueue?(tx: Transaction, requests: readonly { name: string; data: unknown }[]): Promise<void>;
  /** The sources' settings and the process's one polite fetcher (its robots.txt cache and per-host pacing shared by every run). */
  sources?: JobSources;
  /** The alerts' index, mailer and channels (api/alerts/services.ts), where the worker has them. */
  alerts?: AlertServices;
};

export type JobSources = { settings: SourcesSettings; fetcher: PageFetcher };

/** The queue and the sources of a job's context, for the jobs that need them: a job run without them (by hand, in a test) fails saying so. */
export function jobServices(context: JobContext): Required<Pick<JobContext, 'enqueue' | 'sources'>> {
  if (!context.enqueue || !context.sources) throw new Error('This job needs the worker\'s queue and sources (enqueue, sources)');
  return { enqueue: context.enqueue.bind(context), sources: context.sources };
}

/** When a job runs on a clock: a cron expression (UTC) and the payload each run gets. */
export type JobSchedule<Payload extends z.ZodType = z.ZodType> = { cron: string; data: z.input<Payload> };

/** What a schedule may read: the queue's settings, and the sources' when the process has them (the worker does). */
export type ScheduleSettings = StoryJobSettings & Partial<SourcesSettings>;

export type JobDefinition<Name extends string = string, Payload extends z.ZodType = z.ZodType> = {
  name: Name;
  payload: Payload;
  options(settings: StoryJobSettings): JobQueueOptions;
  /** Runs the job once; what it did, in a few words, for the worker's log. A throw is a failed attempt. */
  handle(data: z.output<Payload>, context: JobContext): Promise<string>;
  /**
   * An attempt lost with its worker (killed: api/worker/holds.ts), just failed into its retry in
   * `tx`, or for good when `final`: what the job's subject records of it. Without it, only the queue knows.
   */
  abandoned?(tx: Transaction, data: z.output<Payload>, loss: { final: boolean; reason: string; now: Date }): Promise<void>;
  /** Runs the job on a clock; from the settings when an operator sets the clock (SOURCES_CRON). */
  schedule?: JobSchedule<Payload> | ((settings: ScheduleSettings) => JobSchedule<Payload>);
  /** Runs the job as soon as a Postgres NOTIFY on this channel arrives (the worker LISTENs), with this payload. */
  wakeOn?: { channel: string; data: z.input<Payload> };
};

/** Declares a job, its name kept as a literal type so `enqueue` knows its payload. */
export function defineJob<const Name extends string, Payload extends z.ZodType>(definition: JobDefinition<Name, Payload>): JobDefinition<Name, Payload> {
  return definition;
}

/** The story pipeline's queue options: the `STORY_*` settings, shared by its jobs. */
export function storyJobOptions(settings: StoryJobSettings): JobQueueOptions {
  return {
    retryLimit: settings.STORY_RETRY_LIMIT,
    retryDelaySeconds: settings.STORY_RETRY_DELAY_SECONDS,
    retryBackoff: settings.STORY_RETRY_BACKOFF,
    timeoutSeconds: settings.STORY_TIMEOUT_SECONDS,
    concurrency: settings.STORY_CONCURRENCY,
  };
}
