import { z } from 'zod';
import { optionalParam, wholeNumber } from './params.ts';

/**
 * The back office's request schemas and answers (spec section 7), shared with the admin screens.
 * This module holds no server code.
 */

/** The spec's admin policy page size, and the most a page may ask for. */
export const adminPolicyPageSize = 100;

export const adminPolicySorts = ['id', 'title', 'date'] as const;
export type AdminPolicySort = (typeof adminPolicySorts)[number];

export const adminPolicyListQuerySchema = z
  .object({
    page: optionalParam(wholeNumber(1, 100_000)).default(1),
    pageSize: optionalParam(wholeNumber(1, adminPolicyPageSize)).default(adminPolicyPageSize),
    /** A part of the title (any case), or a policy id. */
    search: optionalParam(z.string().trim().max(200, 'must be at most 200 characters')),
    sortBy: optionalParam(z.enum(adminPolicySorts, { error: `must be one of ${adminPolicySorts.join(', ')}` })),
    sortDirection: optionalParam(z.enum(['asc', 'desc'], { error: 'must be asc or desc' })),
    /** Only policies without an English translation (the spec's warnings). */
    warningsOnly: optionalParam(z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true')),
  })
  .superRefine((query, ctx) => {
    if (query.sortDirection && !query.sortBy) ctx.addIssue({ code: 'custom', path: ['sortDirection'], message: 'needs sortBy' });
  });
export type AdminPolicyListQuery = z.output<typeof adminPolicyListQuerySchema>;

/** A row of the Policy Management table. */
export type AdminPolicyRow = {
  id: number;
  title: string;
  time: string;
  departmentId: number;
  department: { id: number; code: string; fullName: string };
  impact: number;
  /** True when the policy has no English translation: the table flags it as a warning. */
  warning: boolean;
};

/** Ids a batch call acts on: at least one, at most a thousand, each once. */
export const policyIdsSchema = z.strictObject({
  policyIds: z
    .array(z.number({ error: 'each policy id must be a number' }).int().positive('each policy id must be a positive whole number'), {
      error: 'policyIds must be a list of policy ids',
    })
    .min(1, 'policyIds must name at least one policy')
    .max(1000, 'policyIds may name at most 1000 policies')
    .transform((ids) => [...new Set(ids)]),
});
