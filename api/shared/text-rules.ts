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

/** A message or a reason: line breaks and tabs kept, other control characters and bidi overrides refused. */
export const multiLineText = <Schema extends z.ZodString>(schema: Schema, label: string) =>
  schema.refine((text) => !multiLineRefused.test(text.replace(lineBreaksAndTabs, '')), {
    error: `${label} must not contain control characters other than line breaks`,
  });
