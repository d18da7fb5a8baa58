import { subDays } from 'date-fns';
import { z } from 'zod';
import { purgePolicies } from '../../db/policy-trash.ts';
import { recordAudit } from '../auth/audit.ts';
import { defineJob, type JobQueueOptions } from './definition.ts';

/** One run at a time, retried a few times: a purge is short and idempotent (a second run finds nothing). */
const purgeOptions = (): JobQueueOptions => ({ retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, timeoutSeconds: 300, concurrency: 1 });

/**
 * Deletes for good the policies that have been in the Trash longer than TRASH_RETENTION_DAYS
 * (with their tags, versions and collection entries, by cascade; their stories keep no policy
 * and show in the queue to be re-queued), each with an audit row. Daily at 03:00 UTC.
 */
export const purgeTrashJob = defineJob({
  name: 'purge-trash',
  payload: z.object({}),
  options: purgeOptions,
  handle: async (_data, context) => {
    const at = context.now();
    const purged = await context.db.transaction(async (tx) => {
      const rows = await purgePolicies(tx, { deletedBefore: subDays(at, context.settings.TRASH_RETENTION_DAYS) });
      await recordAudit(
        tx,
        rows.map((policy) => ({ action: 'policy_purged' as const, actorId: null, subject: `policy:${policy.id}`, ip: null, details: { title: policy.title, by: 'retention' }, at })),
      );
      return rows;
    });
    return `${purged.length} ${purged.length === 1 ? 'policy' : 'policies'} purged from the Trash`;
  },
  schedule: { cron: '0 3 * * *', data: {} },
});
