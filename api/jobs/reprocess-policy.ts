import { z } from 'zod';
import { reprocessPolicy } from '../processing/process.ts';
import { defineJob, storyJobOptions } from './definition.ts';

/** Reprocesses a policy from its source, keeping what an admin edited unless told otherwise. */
export const reprocessPolicyJob = defineJob({
  name: 'reprocess-policy',
  payload: z.object({ policyId: z.number().int().positive(), overwriteEdited: z.boolean() }),
  options: storyJobOptions,
  handle: ({ policyId, overwriteEdited }, context) => reprocessPolicy(context, policyId, overwriteEdited),
});
