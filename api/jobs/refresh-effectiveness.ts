import { z } from 'zod';
import { chinaDay, dueForEffectiveness, refreshEffectiveness } from '../../db/effectiveness.ts';
import { defineJob, type JobQueueOptions } from './definition.ts';

/** One run at a time; a run is short and idempotent (a second finds nothing due). */
const refreshOptions = (): JobQueueOptions => ({ retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, timeoutSeconds: 600, concurrency: 1 });

/**
 * Keeps effectiveness current as days pass (db/effectiveness.ts): a document whose day to take
 * effect has come turns in force, and one a repeal or amendment acts on from a day that has come
 * turns repealed or amended. The policies' rows change, so the index follows through the outbox.
 * Hourly, so a day that begins in Beijing (UTC+8) is applied within the hour.
 */
export const refreshEffectivenessJob = defineJob({
  name: 'refresh-effectiveness',
  payload: z.object({}),
  options: refreshOptions,
  handle: async (_data, context) => {
    const today = chinaDay(context.now());
    const changed = await context.db.transaction(async (tx) => refreshEffectiveness(tx, await dueForEffectiveness(tx, today), today));
    return `${changed.length} ${changed.length === 1 ? 'policy' : 'policies'} changed status on ${today}`;
  },
  schedule: { cron: '5 * * * *', data: {} },
});
