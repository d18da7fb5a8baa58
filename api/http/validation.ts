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

/**
 * How deep a request's JSON may nest. The deepest body any call takes is about four levels (a
 * policy's tags); the bound keeps a hostile body from costing more than its size.
 */
export const maxJsonDepth = 32;

// Walked with an explicit stack, not recursion: a 10 KB body can nest 5,000 levels.
export function assertWellFormedText(value: unknown, path: (string | number)[] = []): void {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const field = next.path.length ? `${next.path.join('.')}: ` : '';
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) throw badRequest(`${field}must not contain NUL characters`);
      if (unpairedSurrogate.test(next.value)) throw badRequest(`${field}must be valid Unicode text (it has an unpaired surrogate)`);
    } else if (next.value && typeof next.value === 'object') {
      if (next.path.length >= maxJsonDepth) throw badRequest(`${field}nests too deeply (at most ${maxJsonDepth} levels)`);
      const entries: [string | number, unknown][] = Array.isArray(next.value) ? next.value.map((item, index) => [index, item]) : Object.entries(next.value);
      // Pushed in reverse so the first offending field is the one reported, as before.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        pending.push({ value: item, path: [...next.path, key] });
        if (typeof key === 'string') pending.push({ value: key, path: next.path });
      }
    }
  }
}

export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
