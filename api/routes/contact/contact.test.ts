import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, contactMessages } from '../../../db/schema/index.ts';
import { contactWindowMs } from '../../auth/attempt-limits.ts';
import { ConfigError } from '../../../db/config.ts';
import { loadConfig } from '../../config.ts';
import { contactFieldLimits } from '../../shared/contact-schemas.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { tooManyContactMessages } from './index.ts';

const validMessage = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  subject: 'Enterprise plan',
  message: 'We are a team of twelve.\nWhat does an enterprise plan include?',
};

/** A POST as it arrives from a browser at `remoteAddress` (clientIpMiddleware reads the socket). */
function sendFrom(ctx: TestContext, remoteAddress: string, body: unknown) {
  return ctx.app.request(
    '/api/contact',
    { method: 'POST', headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress } } },
  );
}

async function storedCount(ctx: TestContext): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(contactMessages);
  return row!.total;
}

describe('POST /api/contact', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('stores a valid message (trimmed) with the sender IP and answers 201', async () => {
    const response = await sendFrom(ctx, '203.0.113.10', { ...validMessage, name: '  Ada Lovelace ' });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ ...validMessage, ip: '203.0.113.10', handledAt: null, handledBy: null });
  });

  it('stores an empty company as null', async () => {
    const response = await sendFrom(ctx, '203.0.113.11', { ...validMessage, company: '' });
    expect(response.status).toBe(201);
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, (await response.json()).id));
    expect(row!.company).toBeNull();
  });

  it.each([
    [{ ...validMessage, name: '   ' }, 'name: Name is required'],
    [{ ...validMessage, email: 'not-an-address' }, 'email: Please enter a valid email address'],
    [{ ...validMessage, email: '' }, 'email: Email is required'],
    [{ ...validMessage, subject: undefined }, 'subject: Subject is required'],
    [{ ...validMessage, subject: 'Hello\r\nBcc: everyone@example.com' }, 'subject: Subject must not contain control characters'],
    [{ ...validMessage, message: '' }, 'message: Message is required'],
    [{ ...validMessage, message: 'x'.repeat(contactFieldLimits.message + 1) }, `message: Message must be at most ${contactFieldLimits.message} characters`],
    [{ ...validMessage, name: 'x'.repeat(contactFieldLimits.name + 1) }, `name: Name must be at most ${contactFieldLimits.name} characters`],
    [{ ...validMessage, company: 42 }, 'company: Company must be text'],
    [{ ...validMessage, priority: 'urgent' }, 'Unrecognized key: "priority"'],
  ])('answers 400 with a JSON message and stores nothing for %j', async (body, message) => {
    const before = await storedCount(ctx);
    const response = await sendFrom(ctx, '203.0.113.12', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'bad_request', message } });
    expect(await storedCount(ctx)).toBe(before);
  });

  it('answers 400 to a body that is not JSON, storing nothing', async () => {
    const before = await storedCount(ctx);
    const response = await ctx.app.request('/api/contact', {
      method: 'POST',
      headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('bad_request');
    expect(await storedCount(ctx)).toBe(before);
  });

  it('takes 5 messages an hour from one IP, then answers 429 with Retry-After; other IPs still get through', async () => {
    expect(ctx.config.CONTACT_MESSAGES_PER_IP_PER_HOUR).toBe(5);
    const ip = '198.51.100.20';
    // Refused input is no message: it does not count towards the limit.
    expect((await sendFrom(ctx, ip, { ...validMessage, email: 'nope' })).status).toBe(400);
    for (let index = 0; index < 5; index++) {
      expect((await sendFrom(ctx, ip, validMessage)).status, `message ${index + 1}`).toBe(201);
    }
    const before = await storedCount(ctx);
    const refused = await sendFrom(ctx, ip, validMessage);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: tooManyContactMessages } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(contactWindowMs / 1000);
    expect(await storedCount(ctx)).toBe(before);

    expect((await sendFrom(ctx, '198.51.100.21', validMessage)).status).toBe(201);
    // An hour later the address may write again.
    ctx.clock.set(new Date(Date.now() + contactWindowMs + 1_000));
    try {
      expect((await sendFrom(ctx, ip, validMessage)).status).toBe(201);
    } finally {
      ctx.clock.set(null);
    }
  });

  it('ten messages at once from one IP store no more than the limit', async () => {
    const ip = '198.51.100.30';
    const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await sendFrom(ctx, ip, validMessage)).status));
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const [row] = await ctx.db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.ip, ip));
    expect(row!.total).toBe(5);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.ip, ip))).toHaveLength(5);
  });
});

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtpServer() {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let notify: () => void = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        notify();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    next: () => new Promise<void>((resolve) => (notify = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers (unfolded, by lower-case name) and body of a raw RFC 5322 message. */
function parseMail(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\r\n\r\n').replace(/\r\n/g, '\n') };
}

describe('POST /api/contact with SMTP configured', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SUPPORT_EMAIL: 'support@example.test',
      MAIL_FROM: 'no-reply@example.test',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('e-mails the stored message to SUPPORT_EMAIL, with the visitor as Reply-To', async () => {
    const arrived = smtp.next();
    const response = await sendFrom(ctx, '203.0.113.40', validMessage);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    await arrived;

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['support@example.test']);
    expect(mail!.from).toBe('no-reply@example.test');
    const { headers, body } = parseMail(mail!.raw);
    expect(headers.get('to')).toBe('support@example.test');
    expect(headers.get('subject')).toBe('Contact form: Enterprise plan');
    expect(headers.get('reply-to')).toBe('Ada Lovelace <ada@example.com>');
    expect(body).toContain('From: Ada Lovelace <ada@example.com>');
    expect(body).toContain('Company: Analytical Engines Ltd');
    expect(body).toContain('from 203.0.113.40');
    expect(body).toContain(`Message #${id}`);
    expect(body).toContain(validMessage.message);
  });
});

describe('POST /api/contact when the SMTP server is down', () => {
  let ctx: TestContext;
  afterEach(() => vi.restoreAllMocks());

  it('still stores the message and answers 201; the failed send is logged', async () => {
    // A port that was just free: nothing listens there.
    const smtp = await startSmtpServer();
    await smtp.close();
    ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: 'support@example.test' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await sendFrom(ctx, '203.0.113.50', validMessage);
      expect(response.status).toBe(201);
      expect(await storedCount(ctx)).toBe(1);
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('could not be e-mailed'), expect.anything()), {
        timeout: 5_000,
      });
    } finally {
      await ctx.close();
    }
  });
});

describe('mail configuration', () => {
  const env = { DATABASE_URL: 'postgres://localhost/x', MEILI_URL: 'http://127.0.0.1:7700', MEILI_MASTER_KEY: 'k'.repeat(16) };

  it('SMTP_URL needs SUPPORT_EMAIL; neither is needed to store messages', () => {
    expect(() => loadConfig({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/SUPPORT_EMAIL: is required when SMTP_URL is set/);
    expect(() => loadConfig({ ...env, SMTP_URL: 'http://mail.example.com', SUPPORT_EMAIL: 'support@example.test' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ ...env, SMTP_URL: 'smtps://u:p@mail.example.com:465', SUPPORT_EMAIL: 'support@example.test' }).SUPPORT_EMAIL).toBe(
      'support@example.test',
    );
    const plain = loadConfig(env);
    expect(plain.SMTP_URL).toBeUndefined();
    expect(plain.CONTACT_MESSAGES_PER_IP_PER_HOUR).toBe(5);
  });
});
