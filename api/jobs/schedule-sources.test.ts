import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRuns, sourceSettings } from '../../db/schema/index.ts';
import { loadStoryJobSettings } from '../processing/config.ts';
import { createRulesAnalyser } from '../processing/rules/index.ts';
import { sourceCatalogue } from '../sources/catalogue.ts';
import { loadSourcesSettings } from '../sources/config.ts';
import { testFetcher } from '../sources/testing.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import type { JobContext } from './definition.ts';
import { startJobQueue, type JobQueue } from './queue.ts';
import { scheduleSourcesJob } from './schedule-sources.ts';

/** The sources' clock: its cron from SOURCES_CRON, and each tick a run-source job per enabled source when the scrapers are on. */

let ctx: TestContext;
let queue: JobQueue;
const fetcher = testFetcher();
const storySettings = loadStoryJobSettings({});

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await startJobQueue(ctx.databaseUrl, { ...storySettings, ...loadSourcesSettings({ SOURCES_CRON: '*/5 * * * *' }) }, { maintain: true });
});
afterAll(async () => {
  await queue.stop();
  await fetcher.close();
  await ctx.close();
});

const tick = (env: Record<string, string>) => {
  const context: JobContext = {
    db: ctx.db,
    analyser: createRulesAnalyser({ now: () => new Date() }),
    now: () => new Date(),
    timeoutMs: 60_000,
    retryCount: 0,
    retryLimit: 0,
    settings: storySettings,
    enqueue: (tx, requests) => queue.enqueue(tx, requests as Parameters<JobQueue['enqueue']>[1]),
    sources: { settings: loadSourcesSettings(env), fetcher },
  };
  return scheduleSourcesJob.handle({}, context);
};

const runJobs = async () => (await ctx.sql<{ data: { runId: number } }[]>`select data from pgboss.job where name = 'run-source'`).map((job) => job.data.runId).sort((a, b) => a - b);

describe('the schedule-sources job', () => {
  it('is on the clock SOURCES_CRON sets', async () => {
    const [schedule] = await ctx.sql`select cron from pgboss.schedule where name = 'schedule-sources'`;
    expect(schedule!.cron).toBe('*/5 * * * *');
  });

  it('queues nothing while the scrapers are off', async () => {
    expect(await tick({})).toBe('scrapers are off (SCRAPERS_ENABLED)');
    expect(await ctx.db.$count(sourceRuns)).toBe(0);
  });

  it('queues a run of each enabled source, each its own job, and none for a source whose run is still queued', async () => {
    const disabled = sourceCatalogue[1]!.code;
    await ctx.db.insert(sourceSettings).values({ code: disabled, enabled: false });
    expect(await tick({ SCRAPERS_ENABLED: 'true' })).toBe(`${sourceCatalogue.length - 1} of ${sourceCatalogue.length - 1} enabled sources queued`);
    const runs = await ctx.db.select().from(sourceRuns).orderBy(sourceRuns.id);
    expect(runs.map((run) => run.sourceCode)).toEqual(sourceCatalogue.map((entry) => entry.code).filter((code) => code !== disabled));
    expect(runs.every((run) => run.status === 'queued' && run.trigger === 'scheduled')).toBe(true);
    expect(await runJobs()).toEqual(runs.map((run) => run.id));

    // The next tick finds every run still waiting: nothing more.
    expect(await tick({ SCRAPERS_ENABLED: 'true' })).toBe(`0 of ${sourceCatalogue.length - 1} enabled sources queued`);
    expect(await ctx.db.$count(sourceRuns, eq(sourceRuns.status, 'queued'))).toBe(runs.length);
    expect(await runJobs()).toEqual(runs.map((run) => run.id));
  });
});
