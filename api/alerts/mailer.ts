import nodemailer from 'nodemailer';
import type { RenderedAlert } from './message.ts';

/** One alert e-mail: its rendered parts, and the links its List-Unsubscribe headers carry. */
export type AlertMail = {
  to: string;
  rendered: RenderedAlert;
  /** The signed one-click link (RFC 8058): a POST to it unsubscribes, with no session. */
  unsubscribeUrl: string;
  /** Stable per delivery, so a retried send is recognisable as the same message. */
  messageId: string;
};

export type AlertMailer = { send(mail: AlertMail): Promise<void>; close(): void };

/**
 * Alert e-mail over SMTP_URL (the product's one mail setting: api/mail/config.ts), from MAIL_FROM
 * (default SUPPORT_EMAIL). Timeouts, so a dead SMTP server is a failed attempt, retried later,
 * never a socket left hanging. Null when SMTP_URL is unset: e-mail deliveries then wait.
 */
export function createAlertMailer(settings: { SMTP_URL?: string; MAIL_FROM?: string; SUPPORT_EMAIL?: string }): AlertMailer | null {
  const from = settings.MAIL_FROM ?? settings.SUPPORT_EMAIL;
  if (!settings.SMTP_URL || !from) return null;
  const transport = nodemailer.createTransport({ url: settings.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(mail) {
      await transport.sendMail({
        from: { name: 'China Policy Tracker', address: from },
        to: mail.to,
        subject: mail.rendered.subject,
        html: mail.rendered.html,
        text: mail.rendered.text,
        messageId: mail.messageId,
        // One-click unsubscribe (RFC 8058): mail clients show an Unsubscribe button that POSTs
        // "List-Unsubscribe=One-Click" to the link.
        list: { unsubscribe: mail.unsubscribeUrl },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transport.close(),
  };
}
