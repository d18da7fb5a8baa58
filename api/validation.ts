import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * zod validation for any request part. A failure becomes a 400 whose message names the offending
 * field, e.g. "pageSize: must be one of 10, 20, 50, 100".
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw badRequest(describeIssues(result.error.issues));
  });
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
