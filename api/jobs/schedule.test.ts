import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStoryJobSettings } from '../processing/config.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { defineJob, storyJobOptions } from './definition.ts';
import { startJobQueue } from './queue.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A list of the test's own: a job on a clock, and one without. */
const everyHalfHour = defineJob({
  name: 'test-every-half-hour',
  payload: z.object({ site: z.string() }),
  options: storyJobOptions,
  handle: async ({ site }) => `checked ${site}`,
  schedule: { cron: '*/30 * * * *', data: { site: 'www.gov.cn' } },
});
const onDemand = defineJob({ name: 'test-on-demand', payload: z.object({}), options: storyJobOptions, handle: async () => 'done' });

const schedules = async () =>
  (await ctx.sql<{ name: string; cron: string; data: unknown }[]>`select name, cron, data from pgboss.schedule order by name`).map((row) => ({ ...row }));

describe('a job with a schedule', () => {
  it('is put in pg-boss schedule table when the worker starts the queue, and taken out when its schedule goes', async () => {
    const settings = loadStoryJobSettings({});
    const queue = await startJobQueue(ctx.databaseUrl, settings, { maintain: true, definitions: [everyHalfHour, onDemand] });
    try {
      expect(await schedules()).toEqual([{ name: 'test-every-half-hour', cron: '*/30 * * * *', data: { site: 'www.gov.cn' } }]);
      // The API's handle (no maintenance) leaves the schedules to the worker.
      const api = await startJobQueue(ctx.databaseUrl, settings, { maintain: false, definitions: [{ ...everyHalfHour, schedule: undefined }] });
      await api.stop();
      expect(await schedules()).toHaveLength(1);
    } finally {
      await queue.stop();
    }
    const unscheduled = await startJobQueue(ctx.databaseUrl, settings, { maintain: true, definitions: [{ ...everyHalfHour, schedule: undefined }, onDemand] });
    await unscheduled.stop();
    expect(await schedules()).toEqual([]);
  });

  it('types enqueue from the list: a name with its payload', async () => {
    const queue = await startJobQueue(ctx.databaseUrl, loadStoryJobSettings({}), { maintain: false, definitions: [everyHalfHour, onDemand] });
    try {
      await ctx.db.transaction((tx) => queue.enqueue(tx, [{ name: 'test-every-half-hour', data: { site: 'www.ndrc.gov.cn' } }]));
      // @ts-expect-error a payload of another job's shape does not type
      const wrong = () => ctx.db.transaction((tx) => queue.enqueue(tx, [{ name: 'test-every-half-hour', data: { policyId: 1 } }]));
      expect(wrong).toBeTypeOf('function');
      const [job] = await ctx.sql`select data from pgboss.job where name = 'test-every-half-hour'`;
      expect(job!.data).toEqual({ site: 'www.ndrc.gov.cn' });
    } finally {
      await queue.stop();
    }
  });
});
