import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { alertMessages } from '../../../../db/schema/index.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import type { OutboxMessage, OutboxPage } from '../../../shared/alert-schemas.ts';
import { optionalParam, wholeNumber } from '../../../shared/params.ts';

const listQuery = z.object({
  page: optionalParam(wholeNumber(1, 100_000)).default(1),
  pageSize: optionalParam(wholeNumber(1, 100)).default(20),
});
const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/, 'must be a message id').transform(Number) });

/**
 * The back office's Outbox: every alert message sent (e-mail, Slack, webhook), newest first, and
 * one message as rendered. Read from alert_messages, which the sender writes in the transaction
 * that marks its deliveries sent: the same view whether mail goes to the dev sink or a real server.
 */
export function adminOutboxRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .get('/', validate('query', listQuery), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      const summary = { id: alertMessages.id, channel: alertMessages.channel, recipient: alertMessages.recipient, subject: alertMessages.subject, sentAt: alertMessages.sentAt };
      const [rows, [total]] = await Promise.all([
        deps.db.select(summary).from(alertMessages).orderBy(desc(alertMessages.sentAt), desc(alertMessages.id)).limit(pageSize).offset((page - 1) * pageSize),
        deps.db.select({ total: count() }).from(alertMessages),
      ]);
      const answer: OutboxPage = { messages: rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() })), total: total?.total ?? 0 };
      return c.json(answer);
    })
    .get('/:id', validate('param', idParam), async (c) => {
      const [row] = await deps.db.select().from(alertMessages).where(eq(alertMessages.id, c.req.valid('param').id));
      if (!row) throw notFound('No such message');
      const answer: OutboxMessage = { id: row.id, channel: row.channel, recipient: row.recipient, subject: row.subject, sentAt: row.sentAt.toISOString(), html: row.html, text: row.text };
      return c.json(answer);
    });
}
