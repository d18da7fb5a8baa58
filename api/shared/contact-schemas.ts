import { z } from 'zod';
import { idParam, wholeNumber } from './params.ts';
import { multiLineText, withoutControlCharacters } from './text-rules.ts';

/**
 * The contact form (POST /api/contact) and the back office's list of its messages, shared with the
 * web app so the form and the server say the same thing. No server code may be imported here.
 */

export const contactFieldLimits = { name: 200, email: 254, company: 200, subject: 200, message: 5000 } as const;

const requiredLine = (label: string, max: number) =>
  withoutControlCharacters(
    z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
    label,
  );

export const contactMessageSchema = z.strictObject({
  name: requiredLine('Name', contactFieldLimits.name),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(
      z
        .email({ error: 'Please enter a valid email address' })
        .max(contactFieldLimits.email, `Email must be at most ${contactFieldLimits.email} characters`),
    ),
  company: withoutControlCharacters(
    z.string({ error: 'Company must be text' }).trim().max(contactFieldLimits.company, `Company must be at most ${contactFieldLimits.company} characters`),
    'Company',
  )
    .nullish()
    // Optional: left empty, nothing is stored.
    .transform((company) => company || null),
  subject: requiredLine('Subject', contactFieldLimits.subject),
  // Several lines are the point of a message: line breaks stay, other controls and bidi overrides go.
  message: multiLineText(
    z
      .string({ error: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .max(contactFieldLimits.message, `Message must be at most ${contactFieldLimits.message} characters`),
    'Message',
  ),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const contactMessageListQuerySchema = z.object({
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, 100).default(20),
});

export const contactMessageIdParamSchema = z.object({
  id: idParam('a message'),
});

export const contactMessageUpdateSchema = z.strictObject({
  handled: z.boolean({ error: 'handled must be true or false' }),
});

/** One row of GET /api/admin/contact-messages. */
export type ContactMessageRow = {
  id: number;
  name: string;
  email: string;
  company: string | null;
  subject: string;
  message: string;
  ip: string | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: number | null;
};
