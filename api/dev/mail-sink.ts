import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A message the sink received, as it came over SMTP. */
export type ReceivedMail = { from: string; to: string[]; raw: string; receivedAt: Date };

export type MailSink = { url: string; port: number; messages: ReceivedMail[]; stop: () => Promise<void> };

/**
 * A local SMTP server that accepts every message and keeps it: `make dev` points SMTP_URL at it
 * when no real server is set (each message also lands in `dir` as a .eml file a mail client
 * opens), and tests read what the product sent from it. Loopback only, no TLS, no login.
 */
export async function startMailSink(options: { port?: number; dir?: string; onMail?: (mail: ReceivedMail) => void } = {}): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  if (options.dir) await mkdir(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date(),
        };
        messages.push(mail);
        options.onMail?.(mail);
        const stored = options.dir ? writeFile(path.join(options.dir, `${mail.receivedAt.toISOString().replace(/[:.]/g, '-')}-${messages.length}.eml`), mail.raw) : Promise.resolve();
        stored.then(() => callback(), (error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
