import { z } from 'zod';
import { fanOutFollowEvents, followEventsChannel } from '../alerts/follow-events.ts';
import { defineJob, type JobQueueOptions } from './definition.ts';

/** One run at a time per worker; a failed run is retried soon (the events wait meanwhile). */
const followOptions = (): JobQueueOptions => ({ retryLimit: 5, retryDelaySeconds: 15, retryBackoff: true, timeoutSeconds: 600, concurrency: 1 });

/** Writes' events turned into deliveries per batch. */
export const followBatchSize = 100;

/**
 * Turns what happened to followed policies (follow_events, recorded by triggers in the writing
 * transaction) into deliveries for their followers, batch by batch until none waits
 * (api/alerts/follow-events.ts); the send-alerts job sends them. Woken by the triggers'
 * notification, delivered at commit; every minute as well, for a notification lost.
 */
export const matchFollowAlertsJob = defineJob({
  name: 'match-follow-alerts',
  payload: z.object({}),
  options: followOptions,
  handle: async (_data, context) => {
    if (!context.alerts) throw new Error('This worker has no alert services');
    let events = 0;
    let deliveries = 0;
    for (let batch = 0; batch < 100; batch++) {
      const outcome = await fanOutFollowEvents(context.alerts, { now: context.now(), batchSize: followBatchSize });
      if (!outcome) break;
      events += outcome.events;
      deliveries += outcome.deliveries;
    }
    return `${events} follow events: ${deliveries} deliveries`;
  },
  schedule: { cron: '* * * * *', data: {} },
  wakeOn: { channel: followEventsChannel, data: {} },
});
