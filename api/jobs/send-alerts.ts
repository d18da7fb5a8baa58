import { z } from 'zod';
import { deliveriesChannel } from '../alerts/match.ts';
import { sendDueDeliveries } from '../alerts/send.ts';
import { defineJob, type JobQueueOptions } from './definition.ts';

/** Sends retry by their own backoff (the deliveries' due time), so the job itself retries little. */
const sendOptions = (): JobQueueOptions => ({ retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, timeoutSeconds: 600, concurrency: 1 });

/**
 * Sends every due delivery (api/alerts/send.ts): immediate ones as soon as the matcher notifies,
 * digests at their readers' times and retries at their backoff, by the run every minute.
 */
export const sendAlertsJob = defineJob({
  name: 'send-alerts',
  payload: z.object({}),
  options: sendOptions,
  handle: async (_data, context) => {
    if (!context.alerts) throw new Error('This worker has no alert services');
    const total = { messages: 0, sent: 0, failed: 0, skipped: 0 };
    for (let pass = 0; pass < 200; pass++) {
      const outcome = await sendDueDeliveries(context.alerts, { now: context.now() });
      if (!outcome) break;
      total.messages += outcome.messages;
      total.sent += outcome.sent;
      total.failed += outcome.failed;
      total.skipped += outcome.skipped;
      if (outcome.sent + outcome.failed + outcome.skipped === 0) break;
    }
    return `${total.messages} messages for ${total.sent} deliveries; ${total.failed} failed, ${total.skipped} skipped`;
  },
  schedule: { cron: '* * * * *', data: {} },
  wakeOn: { channel: deliveriesChannel, data: {} },
});
