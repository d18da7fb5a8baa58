import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * zod validation for any request part. A failure becomes a 400 whose message names the offending
 * field, e.g. "pageSize: must be one of 10, 20, 50, 100".
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
 * The one rule for text in any request, checked before its own schema (`validate` and every
 * hand-parsed body call it): no NUL, which Postgres can't store in text, and no unpaired UTF-16
 * surrogate, which is no character at all and which neither Postgres nor Meilisearch accepts.
 * Throws 400 naming the field.
 */
// In a /u pattern an unpaired surrogate is a code point of its own, of category Cs.
const unpairedSurrogate = /\p{Cs}/u;

export function assertWellFormedText(value: unknown, path: (string | number)[] = []): void {
  if (typeof value === 'string') {
    const field = path.length ? `${path.join('.')}: ` : '';
    if (value.includes('\u0000')) throw badRequest(`${field}must not contain NUL characters`);
    if (unpairedSurrogate.test(value)) throw badRequest(`${field}must be valid Unicode text (it has an unpaired surrogate)`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => assertWellFormedText(item, [...path, index]));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      assertWellFormedText(key, path);
      assertWellFormedText(item, [...path, key]);
    }
  }
}

export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
