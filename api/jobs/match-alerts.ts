import { z } from 'zod';
import { arrivalsChannel } from '../../indexer/outbox.ts';
import { matchArrivals } from '../alerts/match.ts';
import { defineJob, type JobQueueOptions } from './definition.ts';

/** One run at a time per worker; a failed run is retried soon (the arrivals wait unmatched meanwhile). */
const matchOptions = (): JobQueueOptions => ({ retryLimit: 5, retryDelaySeconds: 15, retryBackoff: true, timeoutSeconds: 600, concurrency: 1 });

/** Policies matched against every rule per batch (the benchmark's batch). */
export const matchBatchSize = 100;

/**
 * Matches the policies that became searchable for the first time against every alert rule, batch
 * by batch until none waits (api/alerts/match.ts). Woken by the indexer's notification when a
 * policy first lands in the index; every minute as well, for a notification lost.
 */
export const matchAlertsJob = defineJob({
  name: 'match-alerts',
  payload: z.object({}),
  options: matchOptions,
  handle: async (_data, context) => {
    if (!context.alerts) throw new Error('This worker has no alert services');
    let policies = 0;
    let deliveries = 0;
    for (let batch = 0; batch < 100; batch++) {
      const outcome = await matchArrivals(context.alerts, { now: context.now(), batchSize: matchBatchSize });
      if (!outcome) break;
      policies += outcome.policies;
      deliveries += outcome.deliveries;
    }
    return `${policies} new policies matched: ${deliveries} deliveries`;
  },
  schedule: { cron: '* * * * *', data: {} },
  wakeOn: { channel: arrivalsChannel, data: {} },
});
