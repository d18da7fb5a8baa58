import { z } from 'zod';

/** Rules for text people type that others see. Shared with the web app; no server code here. */

// C0 and C1 controls (newlines and tabs included) and the bidirectional controls that can make a
// name display as something else ("Trojan Source"): U+200E/F, U+061C, U+202A-E, U+2066-9.
const controlCharacters = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A name, username or title: one line of visible text. */
export const withoutControlCharacters = <Schema extends z.ZodString>(schema: Schema, label: string) =>
  schema.refine((text) => !controlCharacters.test(text), { error: `${label} must not contain control characters` });
