import { z } from 'zod';

/**
 * The password rules of the spec, with its exact messages. Shared by the server (which enforces
 * them) and the web app (which shows them as the user types). No server code may be imported here.
 */
export const passwordRules = [
  { test: (p: string) => p.length >= 12, message: 'Password must be at least 12 characters', label: 'At least 12 characters' },
  { test: (p: string) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter', label: 'One uppercase letter' },
  { test: (p: string) => /[a-z]/.test(p), message: 'Password must contain at least one lowercase letter', label: 'One lowercase letter' },
  { test: (p: string) => /[0-9]/.test(p), message: 'Password must contain at least one number', label: 'One number' },
  { test: (p: string) => /[^A-Za-z0-9]/.test(p), message: 'Password must contain at least one special character', label: 'One special character' },
] as const;

/** Longer passwords only cost hashing time; 256 is far past any real passphrase. */
export const passwordMaxLength = 256;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters`)
  .superRefine((password, ctx) => {
    const failed = passwordRules.find((rule) => !rule.test(password));
    if (failed) ctx.addIssue({ code: 'custom', message: failed.message });
  });
