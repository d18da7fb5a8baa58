import { z } from 'zod';
import { parseEnv } from '../../db/config.ts';
import { importFileRules } from '../shared/admin-schemas.ts';

/**
 * The story pipeline's settings, shared by the API (which creates the queues and enqueues) and
 * the worker (which runs the jobs), so both read a variable by the same rule (db/config.ts).
 */
export const storyJobEnv = {
  /** Stories one worker process analyses at once (LLM calls mostly wait, so more than the cores). */
  STORY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Retries after a failed attempt, before the story is `failed` with its reason. */
  STORY_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  /** First wait before a retry; doubled at each retry (STORY_RETRY_BACKOFF). */
  STORY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(10),
  STORY_RETRY_BACKOFF: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** One attempt's limit: the analysis is aborted past it and the attempt counts as failed. */
  STORY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * How often the queue's maintenance runs: it returns the jobs of a killed worker (those past
   * their timeout) to be retried, so a SIGKILLed story is retried within timeout + this.
   */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
  /** How often an idle worker looks for new jobs. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  /** How often a worker records that it is alive (daemon_heartbeats) and looks for dead workers' jobs. */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).max(60).default(5),
  /**
   * A worker silent this long is dead: the attempts it held are failed into their retry at once,
   * not after STORY_TIMEOUT_SECONDS. At least three beats, so a live worker's late beat is never
   * taken for a death (which would run its story twice at once).
   */
  WORKER_DEAD_AFTER_SECONDS: z.coerce.number().min(0.5).max(3600).default(20),
  /** Days a deleted policy stays in the Trash, restorable, before the purge-trash job deletes it for good (the Trash shows the days left). */
  TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
};

/** The job settings' rules across variables: a dead worker misses at least three beats. */
export function checkJobSettings(settings: { WORKER_HEARTBEAT_SECONDS: number; WORKER_DEAD_AFTER_SECONDS: number }, context: z.RefinementCtx): void {
  if (settings.WORKER_DEAD_AFTER_SECONDS < 3 * settings.WORKER_HEARTBEAT_SECONDS) {
    context.addIssue({
      code: 'custom',
      path: ['WORKER_DEAD_AFTER_SECONDS'],
      message: `must be at least three heartbeats (3 × WORKER_HEARTBEAT_SECONDS = ${3 * settings.WORKER_HEARTBEAT_SECONDS})`,
    });
  }
}

/** compose.yaml passes `${LLM_MODEL:-}`: an empty variable is an unset one. */
function unsetWhenBlank<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);
}

/** Set all three to use an OpenAI-compatible chat API; unset, the offline rules analyser runs. */
export const llmEnv = {
  LLM_BASE_URL: unsetWhenBlank(z.url().optional()),
  LLM_API_KEY: unsetWhenBlank(z.string().trim().min(1).optional()),
  LLM_MODEL: unsetWhenBlank(z.string().trim().min(1).optional()),
  /** Documents longer than this are translated section by section. */
  LLM_SECTION_CHARACTERS: z.coerce.number().int().min(500).default(12_000),
};

/** The Database File Upload card's limits. */
export const importEnv = {
  /** The largest file accepted (the spec's 1024 MB). */
  IMPORT_MAX_MEGABYTES: z.coerce.number().int().min(1).max(10_240).default(importFileRules.maxMegabytes),
  /** An import still running after this answers with its job, which the card follows (the client waits 120 s). */
  IMPORT_ANSWER_SECONDS: z.coerce.number().min(0.1).max(110).default(100),
  /** The most rows a file's table (or a .sql dump, all its INSERTs) may hold; more is refused (422). */
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(2_000_000),
  /** The most text read from one file, all cells together (each cell is read up to about 4 MB); more is refused (422). */
  IMPORT_MAX_READ_MEGABYTES: z.coerce.number().int().min(1).default(2048),
  /** The time the thread reading a file may spend on it (opening, checking, reading rows); past it the read is ended and refused (422). */
  IMPORT_READ_SECONDS: z.coerce.number().min(0.1).max(3600).default(300),
};

const storyJobSchema = z.object(storyJobEnv).superRefine(checkJobSettings);
export type StoryJobSettings = z.output<typeof storyJobSchema>;

/** The job settings alone, from `env` (a test's, or the process's). */
export function loadStoryJobSettings(env: NodeJS.ProcessEnv): StoryJobSettings {
  return parseEnv(storyJobSchema, env, { heading: 'Invalid story job settings:' });
}
