import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAlert } from '../alerts/message.ts';
import { closeAlertServices, createAlertServices, type AlertServices } from '../alerts/services.ts';
import { parseMail } from '../alerts/testing.ts';
import { startMailSink, type MailSink, type ReceivedMail } from '../dev/mail-sink.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

/**
 * The product's one mailer (./mailer.ts) as its two senders use it, against a real SMTP server (the
 * dev mail sink): the API's contact form, and the worker's alert services. Both mails come from the
 * same sender; each carries its own headers.
 */

let sink: MailSink;
let ctx: TestContext;
let services: AlertServices;
const waiting = new Map<string, (mail: ReceivedMail) => void>();
/** The next mail the sink receives for `address`. */
const mailTo = (address: string) => new Promise<ReceivedMail>((resolve) => waiting.set(address, resolve));

beforeAll(async () => {
  sink = await startMailSink({ onMail: (mail) => mail.to.forEach((address) => waiting.get(address)?.(mail)) });
  ctx = await createTestContext({ SMTP_URL: sink.url, SUPPORT_EMAIL: 'support@example.test', MAIL_FROM: 'no-reply@example.test' });
  services = createAlertServices(ctx.db, { ...ctx.config, MEILI_URL: undefined });
});
afterAll(async () => {
  await closeAlertServices(services);
  await ctx.close();
  await sink.stop();
});

describe('the one mailer', () => {
  it('sends a contact message and an alert from the same sender, each with its own headers', async () => {
    const contactArrived = mailTo('support@example.test');
    const response = await ctx.app.request('/api/contact', {
      method: 'POST',
      headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', company: '', subject: 'Enterprise plan', message: 'What does an enterprise plan include?' }),
    });
    expect(response.status).toBe(201);
    const contact = await contactArrived;

    const alertArrived = mailTo('reader@example.com');
    const unsubscribeUrl = `${ctx.config.APP_URL}/api/alerts/unsubscribe/signed-link`;
    const rendered = await renderAlert({ cadence: 'daily', recipientName: 'Reader', groups: [], unsubscribeAllUrl: unsubscribeUrl, accountUrl: `${ctx.config.APP_URL}/account` });
    await services.mailer!.send({ to: 'reader@example.com', subject: rendered.subject, html: rendered.html, text: rendered.text, unsubscribeUrl, messageId: '<alert-1.1@example.test>' });
    const alert = await alertArrived;

    for (const mail of [contact, alert]) {
      expect(mail.from).toBe('no-reply@example.test');
      expect(parseMail(mail.raw).headers.get('from')).toBe('China Policy Tracker <no-reply@example.test>');
    }
    const contactHeaders = parseMail(contact.raw).headers;
    expect(contactHeaders.get('reply-to')).toBe('Ada Lovelace <ada@example.com>');
    expect(contactHeaders.has('list-unsubscribe')).toBe(false);
    const alertHeaders = parseMail(alert.raw).headers;
    expect(alertHeaders.get('list-unsubscribe')).toBe(`<${unsubscribeUrl}>`);
    expect(alertHeaders.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(alertHeaders.get('subject')).toBe('Your daily policy digest: 0 new policies');
  });
});
