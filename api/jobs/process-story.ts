import { z } from 'zod';
import { processStory } from '../processing/process.ts';
import { defineJob, storyJobOptions } from './definition.ts';

/** Turns a story in `processing` into a policy (api/processing/process.ts); enqueued by the admin's "process stories". */
export const processStoryJob = defineJob({
  name: 'process-story',
  payload: z.object({ storyId: z.number().int().positive() }),
  options: storyJobOptions,
  handle: ({ storyId }, context) => processStory(context, storyId, context),
});
