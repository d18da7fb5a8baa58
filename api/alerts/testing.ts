import { createServer, type IncomingHttpHeaders } from 'node:http';
import { departmentList } from '../../db/reference-data.ts';
import { savedSearches } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { startMailSink } from '../dev/mail-sink.ts';
import { createMailer } from '../mail/mailer.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { indexAll } from '../search/testing.ts';
import { createPoster } from '../outbound/poster.ts';
import { createTestContext } from '../test/context.ts';
import { createAlertChannelPoster } from './channels.ts';
import { fanOutFollowEvents } from './follow-events.ts';
import { matchArrivals } from './match.ts';
import { sendDueDeliveries } from './send.ts';
import type { AlertServices } from './services.ts';

/**
 * Test helpers for alerts: reading a received e-mail (headers, plain and HTML parts, decoded) and a
 * local HTTP server standing in for Slack and webhook endpoints.
 */

export type ParsedMail = { headers: Map<string, string>; subject: string; text: string; html: string };

function decodePart(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

function splitHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Decodes an RFC 2047 encoded word (=?UTF-8?Q?...?= or =?UTF-8?B?...?=) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodePart(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

export function parseMail(raw: string): ParsedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = splitHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const parts: { type: string; content: string }[] = [];
  const collect = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
    if (boundary) {
      for (const section of partBody.split(`--${boundary}`).slice(1)) {
        if (section.startsWith('--')) break;
        const at = section.search(/\r?\n\r?\n/);
        collect(splitHeaders(section.slice(0, at).trim()), section.slice(at).replace(/^\r?\n\r?\n/, ''));
      }
      return;
    }
    parts.push({ type: type.split(';')[0]!.trim(), content: decodePart(partBody, partHeaders.get('content-transfer-encoding')) });
  };
  collect(headers, body);
  return {
    headers,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts.find((part) => part.type === 'text/plain')?.content ?? '',
    html: parts.find((part) => part.type === 'text/html')?.content ?? '',
  };
}

export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string };

/** A local HTTP endpoint standing in for Slack's incoming webhooks and a customer's webhook: it records what it gets and answers `status()`. */
export async function startWebhookEndpoint(status: () => number = () => 200) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status(), { 'content-type': 'text/plain' }).end(status() === 200 ? 'ok' : 'failure');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A test file's alert world: its own database and index (api/test/context.ts), a real SMTP server
 * (the dev mail sink) as SMTP_URL, the alert services over them, and the steps the jobs run.
 */
export async function createAlertTestWorld(overrides: Parameters<typeof createTestContext>[0] = {}) {
  const sink = await startMailSink();
  const ctx = await createTestContext({ SMTP_URL: sink.url, SUPPORT_EMAIL: 'support@example.test', ALERT_SIGNING_SECRET: 'test-signing-secret-0123456789', ...overrides });
  const services: AlertServices = {
    db: ctx.db,
    settings: ctx.config,
    search: ctx.deps.meilisearch,
    llmTerms: ctx.deps.llmTerms,
    mailer: createMailer(ctx.config),
    channels: createAlertChannelPoster({ poster: createPoster({ allowPrivateHosts: ctx.config.ALERT_WEBHOOKS_ALLOW_PRIVATE_HOSTS }) }),
  };
  const documents = loadLabelledSet();
  return {
    ctx,
    sink,
    services,
    /** A policy from a real State Council document of the labelled set, made searchable by the indexer's own pass. */
    async newPolicy(file: string, fields: { impact?: number } = {}) {
      const document = documents.find((entry) => entry.file === file)!;
      const policy = await createPolicy(ctx.db, {
        title: document.title,
        description: document.story.chineseText.split('\n').find((line) => line.length > 40) ?? '',
        chineseOriginal: document.story.chineseText,
        publishedOn: document.expected.publishedOn,
        departmentId: departmentList.find((department) => department.code === document.expected.department)!.id,
        impact: fields.impact ?? 7,
      });
      await indexAll(ctx);
      return policy;
    },
    async saveSearch(userId: number, name: string, q: string, alert: 'immediate' | 'daily' | 'weekly') {
      const [row] = await ctx.db.insert(savedSearches).values({ userId, name, query: { q }, alert }).returning();
      return row!;
    },
    /** Matching (new policies, and what happened to followed ones) then sending, as the jobs run them, at `now`. */
    async runAlerts(now: Date) {
      while (await matchArrivals(services, { now, batchSize: 100 }));
      while (await fanOutFollowEvents(services, { now, batchSize: 100 }));
      while (await sendDueDeliveries(services, { now }));
    },
    mailsTo: (email: string) => sink.messages.filter((mail) => mail.to.includes(email)).map((mail) => parseMail(mail.raw)),
    close: async () => {
      services.mailer?.close();
      await services.channels.close();
      await ctx.close();
      await sink.stop();
    },
  };
}
