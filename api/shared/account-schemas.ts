import { z } from 'zod';
import { notificationFrequencies } from '../../vocabulary/notifications.ts';
import { multiLineText, withoutControlCharacters } from './text-rules.ts';
import { passwordMaxLength, passwordSchema } from './password-rules.ts';

/**
 * Request bodies of the account calls (/api/auth/*, /api/user*), shared with the web app so its
 * forms and the server agree. No server code may be imported here.
 */

/** An optional one-line field (company, job title): the rule for names applies to it too. */
const optionalText = (label: string, max: number) =>
  withoutControlCharacters(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
    label,
  )
    .nullish()
    // An emptied field clears it (null); a missing one stays missing (PATCH leaves it alone).
    .transform((value) => (value === undefined ? undefined : value || null));

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Invalid email address' }).max(254, 'Email must be at most 254 characters'));

/**
 * A username is either the account's email (the landing signup has no username field) or a
 * handle without "@". So a login name can never be one account's username and another's email.
 */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(254, 'Username must be at most 254 characters')
  .refine((username) => username.includes('@') || /^[A-Za-z0-9._-]{3,50}$/.test(username), {
    error: 'Username must be 3-50 letters, digits, dots, dashes or underscores, or your email address',
  });

export const usernameMustBeEmailMessage = 'A username with @ must be your email address';

/** Whether a username may belong to an account with this email (see usernameSchema). */
export function usernameFitsEmail(username: string, email: string): boolean {
  return !username.includes('@') || username.toLowerCase() === email.toLowerCase();
}

export const nameSchema = withoutControlCharacters(
  z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  'Name',
);

export const registerSchema = z
  .strictObject({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    name: nameSchema,
    company: optionalText('Company', 200),
  })
  .superRefine((input, ctx) => {
    if (!usernameFitsEmail(input.username, input.email)) {
      ctx.addIssue({ code: 'custom', path: ['username'], message: usernameMustBeEmailMessage });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

/** Login takes the username or the email, trimmed; the rules are not checked here (old passwords still sign in). */
export const loginSchema = z.strictObject({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(254, 'Username must be at most 254 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters`),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * The profile form. `email` and `role` may be sent back unchanged (the spec's form sends the whole
 * profile) but never changed here: the email is read-only and the access role is an admin's call.
 * The form's free-text "role" is `jobTitle`.
 */
export const profileUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  username: usernameSchema.optional(),
  company: optionalText('Company', 200),
  jobTitle: optionalText('Job title', 200),
  email: z.string({ error: 'Email must be text' }).max(254).optional(),
  role: z.string({ error: 'Role must be text' }).max(50).optional(),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters`),
  newPassword: z.string({ error: 'New password is required' }).min(1, 'New password is required').pipe(passwordSchema),
});

export const deleteAccountSchema = z.strictObject({
  // Read by the back office; several lines allowed.
  reason: multiLineText(
    z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(2000, 'Reason must be at most 2000 characters'),
    'Reason',
  ),
});

const referenceIds = (label: string) =>
  z
    .array(z.int({ error: `${label} must be a list of ids` }).positive().max(2_147_483_647), { error: `${label} must be a list of ids` })
    .max(100, `At most 100 ${label.toLowerCase()}`)
    .transform((ids) => [...new Set(ids)]);

export const notificationPreferencesSchema = z.strictObject({
  email: z
    .string({ error: 'Email must be text' })
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.union([z.literal(''), z.email({ error: 'Invalid email address' })]))
    .nullish()
    .transform((value) => value || null),
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .max(32, 'Phone must be at most 32 characters')
    .regex(/^(\+?[0-9][0-9 ()-]{5,30})?$/, 'Invalid phone number')
    .nullish()
    .transform((value) => value || null),
  frequency: z.enum(notificationFrequencies, { error: 'Frequency must be hourly, daily, weekly or monthly' }),
  departments: referenceIds('Departments').default([]),
  industries: referenceIds('Industries').default([]),
});
