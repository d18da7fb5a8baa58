import type { MailSettings } from './config.ts';
import { createMailer } from './mailer.ts';

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
 * E-mails a stored contact message to the support mailbox through the product's one mailer
 * (./mailer.ts), or null when it has none (SMTP_URL unset: nothing leaves the machine; the back
 * office still lists the message).
 */
export function createSupportMailer(config: MailSettings) {
  const mailer = createMailer(config);
  const to = config.SUPPORT_EMAIL;
  if (!mailer || !to) return null;
  return async (contact: StoredContactMessage): Promise<void> => {
    await mailer.send({
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
