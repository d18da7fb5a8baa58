import { z } from 'zod';

/**
 * Rules for text people type that others see: every such field takes one of the two below (a
 * field with a pattern of its own, such as an email or a phone number, refuses these already).
 * Shared with the web app; no server code here.
 */

// The bidirectional controls that can make text display as something else ("Trojan Source"):
// U+061C, U+200E/F, U+202A-E (U+202E: right-to-left override), U+2066-9.
const bidiControls = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';

// One line: C0 and C1 controls (newlines and tabs included), and the line and paragraph separators
// U+2028/9, which browsers, JavaScript and mail clients all treat as line breaks.
const singleLineRefused = new RegExp(`[\\p{Cc}\\p{Zl}\\p{Zp}${bidiControls}]`, 'u');

// Several lines (a message): line feeds, carriage returns and tabs are the point; other controls
// and bidi overrides are not.
const multiLineRefused = new RegExp(`[\\p{Cc}${bidiControls}]`, 'u');
const lineBreaksAndTabs = /[\t\n\r]/g;

/** A name, username, company, job title, subject or title: one line of visible text. */
export const withoutControlCharacters = <Schema extends z.ZodString>(schema: Schema, label: string) =>
  schema.refine((text) => !singleLineRefused.test(text), { error: `${label} must not contain control characters` });

/** The text with what a one-line field refuses replaced by spaces: for a line made of text that was never checked (a file name made of a policy's title). */
export const withControlCharactersAsSpaces = (text: string) => text.replace(new RegExp(singleLineRefused.source, 'gu'), ' ');

/** A message or a reason: line breaks and tabs kept, other control characters and bidi overrides refused. */
export const multiLineText = <Schema extends z.ZodString>(schema: Schema, label: string) =>
  schema.refine((text) => !multiLineRefused.test(text.replace(lineBreaksAndTabs, '')), {
    error: `${label} must not contain control characters other than line breaks`,
  });

/**
 * The rule for all text a request carries, whatever field it is in: no NUL, which Postgres can't
 * store in text or jsonb, and no unpaired UTF-16 surrogate, which is no character at all and which
 * neither Postgres nor Meilisearch accepts. The server checks every body and query with it
 * (api/http/validation.ts); schemas check with it what they decode themselves (a JSON-encoded
 * query parameter, a JSON string holding a document).
 */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  // In a /u pattern an unpaired surrogate is a code point of its own, of category Cs.
  if (/\p{Cs}/u.test(text)) return 'must be valid Unicode text (it has an unpaired surrogate)';
  return null;
}

/**
 * How deep decoded JSON may nest. The deepest body any call takes is about four levels (a policy's
 * tags); the bound keeps a hostile body from costing more than its size.
 */
export const maxJsonDepth = 32;

/** The first string (key or value) in `value` that breaks the text rule, or nesting past the bound. */
export function findTextProblem(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; message: string } | null {
  // Walked with an explicit stack, not recursion: a 10 KB body can nest 5,000 levels.
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const message = textProblem(next.value);
      if (message) return { path: next.path, message };
    } else if (next.value && typeof next.value === 'object') {
      if (next.path.length - path.length >= maxJsonDepth) return { path: next.path, message: `nests too deeply (at most ${maxJsonDepth} levels)` };
      const entries: [string | number, unknown][] = Array.isArray(next.value) ? next.value.map((item, index) => [index, item]) : Object.entries(next.value);
      // Pushed in reverse so the first offending field is the one reported.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        pending.push({ value: item, path: [...next.path, key] });
        if (typeof key === 'string') pending.push({ value: key, path: next.path });
      }
    }
  }
  return null;
}
