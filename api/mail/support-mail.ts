import nodemailer from 'nodemailer';
import type { MailSettings } from './config.ts';

export type StoredContactMessage = {
  id: number;
  name: string;
  email: string;
  company: string | null;
  subject: string;
  message: string;
  ip: string | null;
  createdAt: Date;
};

/**
 * E-mails a stored contact message to the support mailbox, or null when SMTP_URL is unset (then
 * nothing leaves the machine; the back office still lists the message). Timeouts, so a dead SMTP
 * server costs a logged error, never a socket left hanging.
 */
export function createSupportMailer(config: MailSettings) {
  if (!config.SMTP_URL || !config.SUPPORT_EMAIL) return null;
  const to = config.SUPPORT_EMAIL;
  const from = config.MAIL_FROM ?? to;
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return async (contact: StoredContactMessage): Promise<void> => {
    await transport.sendMail({
      from,
      to,
      // Support answers the visitor, not the form's sender address.
      replyTo: { name: contact.name, address: contact.email },
      subject: `Contact form: ${contact.subject}`,
      text: [
        `From: ${contact.name} <${contact.email}>`,
        `Company: ${contact.company ?? '-'}`,
        `Sent: ${contact.createdAt.toISOString()} from ${contact.ip ?? 'unknown address'}`,
        `Message #${contact.id} (listed in the back office)`,
        '',
        contact.message,
      ].join('\n'),
    });
  };
}
