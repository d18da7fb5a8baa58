import { matchAlertsJob } from './match-alerts.ts';
import { matchFollowAlertsJob } from './match-follow-alerts.ts';
import { processStoryJob } from './process-story.ts';
import { purgeTrashJob } from './purge-trash.ts';
import { refreshEffectivenessJob } from './refresh-effectiveness.ts';
import { reprocessPolicyJob } from './reprocess-policy.ts';
import { runSourceJob } from './run-source.ts';
import { scheduleSourcesJob } from './schedule-sources.ts';
import { sendAlertsJob } from './send-alerts.ts';

/**
 * Every job the product runs (decision 007). A new job is a new file beside these, declared with
 * `defineJob`, and one line here; the queue creates its queue (and its schedule), the worker takes
 * its jobs, and `enqueue` accepts its name with its payload's type.
 */
export const jobs = [processStoryJob, reprocessPolicyJob, purgeTrashJob, refreshEffectivenessJob, scheduleSourcesJob, runSourceJob, matchAlertsJob, matchFollowAlertsJob, sendAlertsJob] as const;
