import { z } from 'zod';
import { defaultSourcesCron } from '../sources/config.ts';
import { queueRuns } from '../sources/run-status.ts';
import { loadSources } from '../sources/sources.ts';
import { defineJob, jobServices, type JobQueueOptions } from './definition.ts';
import { runSourceJob } from './run-source.ts';

/** A tick only queues runs: short, and a lost one is made good by the next tick. */
const tickOptions = (): JobQueueOptions => ({ retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, timeoutSeconds: 60, concurrency: 1 });

/**
 * The sources' clock (SOURCES_CRON, every 30 minutes by default): with SCRAPERS_ENABLED, a run of
 * each enabled source, each its own run-source job, so one source's failure never stops another's.
 * A source whose last run is still queued or running is left to it.
 */
export const scheduleSourcesJob = defineJob({
  name: 'schedule-sources',
  payload: z.object({}),
  options: tickOptions,
  handle: async (_data, context) => {
    const { enqueue, sources } = jobServices(context);
    if (!sources.settings.SCRAPERS_ENABLED) return 'scrapers are off (SCRAPERS_ENABLED)';
    const codes = (await loadSources(context.db)).filter((source) => source.enabled).map((source) => source.code);
    const runs = await context.db.transaction(async (tx) => {
      const answers = await queueRuns(tx, codes, { trigger: 'scheduled', requestedBy: null, now: context.now() });
      const queued = answers.filter((run) => run.queued);
      await enqueue(
        tx,
        queued.map((run) => ({ name: runSourceJob.name, data: { runId: run.runId } })),
      );
      return queued;
    });
    return `${runs.length} of ${codes.length} enabled sources queued`;
  },
  schedule: (settings) => ({ cron: settings.SOURCES_CRON ?? defaultSourcesCron, data: {} }),
});
