import { z } from 'zod';

/**
 * The mail settings, one piece of zod shared by every process that sends mail (the API's contact
 * form now, the worker's alerts next), so each reads a variable by the same rule.
 */
export const mailEnv = {
  /** Where mail is sent (smtp:// or smtps://, credentials in the URL). Unset: nothing is sent. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** The support mailbox that receives contact messages. */
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  /** The sender of those e-mails (default SUPPORT_EMAIL); the visitor's address goes in Reply-To. */
  MAIL_FROM: z.email({ message: 'must be an e-mail address' }).optional(),
};

const mailSchema = z.object(mailEnv);
export type MailSettings = z.output<typeof mailSchema>;

/** The rule across the mail settings, for a config's superRefine: SMTP needs a mailbox to send to. */
export function checkMailSettings(env: MailSettings, ctx: z.RefinementCtx): void {
  if (env.SMTP_URL && !env.SUPPORT_EMAIL) {
    ctx.addIssue({ code: 'custom', path: ['SUPPORT_EMAIL'], message: 'is required when SMTP_URL is set (contact messages go there)' });
  }
}
