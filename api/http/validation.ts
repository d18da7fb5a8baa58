import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { findTextProblem } from '../shared/text-rules.ts';
import { badRequest } from './errors.ts';

/**
 * zod validation for any request part. A failure becomes a 400 whose message names the offending
 * field, e.g. "pageSize: must be at most 100".
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  // The text rule first, on the input as sent: a schema's own message or a normalising transform
  // must not hide it.
  const checked = z.preprocess((input) => {
    assertWellFormedText(input);
    return input;
  }, schema);
  // Typed as `schema` itself: the text check changes nothing, and the typed client
  // (api/shared/api-contract.ts) reads each call's input from the schema's input type.
  return zValidator(target, checked as unknown as Schema, (result) => {
    if (!result.success) throw badRequest(describeIssues(result.error.issues));
  });
}

/**
 * The one rule for text in any request (api/shared/text-rules.ts), checked before its own schema
 * (`validate` and every hand-parsed body call it): no NUL, no unpaired surrogate, no nesting past
 * the bound. Throws 400 naming the field.
 */
export function assertWellFormedText(value: unknown, path: (string | number)[] = []): void {
  const problem = findTextProblem(value, path);
  if (problem) throw badRequest(`${problem.path.length ? `${problem.path.join('.')}: ` : ''}${problem.message}`);
}

export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
