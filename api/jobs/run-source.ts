import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sourceRuns } from '../../db/schema/index.ts';
import { autoProcess } from '../sources/config.ts';
import { readArticle } from '../sources/extract/article.ts';
import { readList } from '../sources/extract/list.ts';
import { runSource } from '../sources/run.ts';
import { failRun } from '../sources/run-status.ts';
import { loadSource } from '../sources/sources.ts';
import { defineJob, jobServices, type JobQueueOptions } from './definition.ts';

/**
 * A run reads at most a few hundred pages at the sites' pace; one retry covers a worker lost
 * mid-run (the retry re-reads what the first attempt had not finished). Four sources at once: each
 * site keeps its own pace in the shared fetcher, so more runs only wait on more hosts at once.
 */
const runOptions = (): JobQueueOptions => ({ retryLimit: 1, retryDelaySeconds: 30, retryBackoff: false, timeoutSeconds: 1800, concurrency: 4 });

/** Runs one queued run of one source (api/sources/run.ts), queued by the schedule or an admin's Run now. */
export const runSourceJob = defineJob({
  name: 'run-source',
  payload: z.object({ runId: z.number().int().positive() }),
  options: runOptions,
  handle: async ({ runId }, context) => {
    const { db } = context;
    const [run] = await db.select({ sourceCode: sourceRuns.sourceCode }).from(sourceRuns).where(eq(sourceRuns.id, runId));
    if (!run) return `run ${runId} is gone`;
    const source = await loadSource(db, run.sourceCode);
    if (!source) {
      await failRun(db, runId, 'No such source in the catalogue', context.now());
      return `run ${runId}: no source ${run.sourceCode}`;
    }
    const { enqueue, sources } = jobServices(context);
    const { settings, fetcher } = sources;
    const outcome = await runSource(
      {
        db,
        fetcher,
        readList,
        readArticle,
        enqueue,
        now: context.now,
        autoProcess: autoProcess(settings),
        firstRunPages: settings.SOURCES_FIRST_RUN_PAGES,
        maxPages: settings.SOURCES_MAX_PAGES,
      },
      source,
      runId,
    );
    if (outcome.status === 'skipped') return `${source.code} run ${runId} skipped: ${outcome.why}`;
    return `${source.code} run ${runId} ${outcome.status}: ${outcome.newStories} new, ${outcome.failures} failures`;
  },
  // A run whose worker died: its retry carries on; with none left the run is failed, so the source can run again.
  abandoned: async (tx, { runId }, loss) => {
    if (loss.final) await failRun(tx, runId, loss.reason, loss.now);
  },
});
