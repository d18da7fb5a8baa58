import { z } from 'zod';
import { sourceReadIntervalMinutes } from '../../vocabulary/sources.ts';

/**
 * The sources' settings (issue 31), one piece of zod read by the API (the status page, Run now, the
 * admin's screen) and the worker (the schedule and the runs), so both read a variable by one rule.
 */

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default(fallback)
    .transform((value) => value === 'true');

export const defaultSourcesCron = `*/${sourceReadIntervalMinutes} * * * *`;

export const sourcesEnv = {
  /** `true` runs every enabled source on SOURCES_CRON; the status page shows Scraper Status Active. */
  SCRAPERS_ENABLED: flag('false'),
  /** New stories from the sources are processed at once; unset, they are when SCRAPERS_ENABLED is on. */
  AUTO_PROCESS: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** When the sources run, as cron (UTC, five fields). */
  SOURCES_CRON: z
    .string()
    .trim()
    .regex(/^\S+( \S+){4}$/, 'must be a cron expression of five fields, e.g. */30 * * * *')
    .default(defaultSourcesCron),
  /** How many list pages a source's first run reads back (later runs stop at the first page of known links). */
  SOURCES_FIRST_RUN_PAGES: z.coerce.number().int().min(1).max(100).default(3),
  /** How many list pages any run reads at most, however many are new. */
  SOURCES_MAX_PAGES: z.coerce.number().int().min(1).max(1000).default(20),
  /** A source whose last N runs failed shows as failing. */
  SOURCES_FAILING_AFTER_RUNS: z.coerce.number().int().min(1).max(100).default(3),
  /** A source that found nothing new for N days shows as stale. */
  SOURCES_STALE_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(14),
};

const sourcesSchema = z.object(sourcesEnv);
export type SourcesSettings = z.output<typeof sourcesSchema>;

/** Whether a run's new stories go to processing at once: AUTO_PROCESS, or with it unset, whether the scrapers are on. */
export function autoProcess(settings: Pick<SourcesSettings, 'AUTO_PROCESS' | 'SCRAPERS_ENABLED'>): boolean {
  return settings.AUTO_PROCESS ?? settings.SCRAPERS_ENABLED;
}

/** The sources' settings alone, from `env` (a test's, or the process's). */
export function loadSourcesSettings(env: NodeJS.ProcessEnv): SourcesSettings {
  return sourcesSchema.parse(env);
}
