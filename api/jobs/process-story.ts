import { z } from 'zod';
import { processStory } from '../processing/process.ts';
import { markFailed, noteFailedAttempt } from '../stories/status.ts';
import { defineJob, storyJobOptions } from './definition.ts';

/** Turns a story in `processing` into a policy (api/processing/process.ts); enqueued by the admin's "process stories". */
export const processStoryJob = defineJob({
  name: 'process-story',
  payload: z.object({ storyId: z.number().int().positive() }),
  options: storyJobOptions,
  handle: ({ storyId }, context) => processStory(context, storyId, context),
  // The story stays `processing` while a retry is due, with why; with none left it is `failed`.
  abandoned: (tx, { storyId }, loss) => (loss.final ? markFailed(tx, storyId, loss.reason, loss.now) : noteFailedAttempt(tx, storyId, loss.reason)),
});
