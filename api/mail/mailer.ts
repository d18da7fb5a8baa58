import nodemailer from 'nodemailer';
import { productName } from '../../vocabulary/product.ts';
import type { MailSettings } from './config.ts';

/** One e-mail as a sender of the product writes it; the mailer adds the sender. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: { name: string; address: string };
  /** Stable per message when a send may be retried, so the retry is recognisable as the same message. */
  messageId?: string;
  /** The one-click unsubscribe link (RFC 8058) of a message sent to a subscriber. */
  unsubscribeUrl?: string;
};

export type Mailer = { send(mail: OutgoingMail): Promise<void>; close(): void };

/**
 * The product's one mailer: SMTP over SMTP_URL, from the product's name at MAIL_FROM (default
 * SUPPORT_EMAIL). Alert e-mails (api/alerts/) and contact messages to support (./support-mail.ts)
 * both send through it. Timeouts, so a dead SMTP server is a failed send (an alert retried later,
 * a contact message's logged error), never a socket left hanging. Null when SMTP_URL or a sender
 * address is unset: then nothing leaves the machine.
 */
export function createMailer(settings: MailSettings): Mailer | null {
  const address = settings.MAIL_FROM ?? settings.SUPPORT_EMAIL;
  if (!settings.SMTP_URL || !address) return null;
  const from = { name: productName, address };
  const transport = nodemailer.createTransport({ url: settings.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send({ unsubscribeUrl, ...mail }) {
      await transport.sendMail({
        ...mail,
        from,
        ...(unsubscribeUrl
          ? {
              // One-click unsubscribe (RFC 8058): mail clients show an Unsubscribe button that POSTs
              // "List-Unsubscribe=One-Click" to the link.
              list: { unsubscribe: unsubscribeUrl },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
            }
          : {}),
      });
    },
    close: () => transport.close(),
  };
}
