import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { contactMessages } from '../../../db/schema/index.ts';
import { contactLimits, contactSubject, reserveAttempt } from '../../auth/attempt-limits.ts';
import { clientIp } from '../../auth/client-ip.ts';
import type { AuthEnv, SignedInEnv } from '../../auth/session.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import {
  contactMessageIdParamSchema,
  contactMessageListQuerySchema,
  contactMessageSchema,
  contactMessageUpdateSchema,
  type ContactMessageRow,
} from '../../shared/contact-schemas.ts';
import { validate } from '../../http/validation.ts';
import { createSupportMailer } from '../../mail/support-mail.ts';

export const tooManyContactMessages = 'Too many messages from your address. Please try again later.';

/**
 * POST /api/contact: the public contact form. Validated, rate limited per IP (and overall), stored,
 * then e-mailed to support when SMTP is configured. The e-mail goes after the commit and the
 * visitor doesn't wait for it: the stored row is the message, a failed send only a log line.
 */
export function contactRoutes(deps: AppDeps) {
  const mailSupport = createSupportMailer(deps.config);
  return new Hono<AuthEnv>().use(jsonBodyLimit).post('/', validate('json', contactMessageSchema), async (c) => {
    const input = c.req.valid('json');
    const ip = clientIp(c);
    const now = deps.now();
    await reserveAttempt(deps.db, { action: 'contact_message', subject: contactSubject, ip, now }, contactLimits(deps.config), tooManyContactMessages);
    const stored = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...input, ip, createdAt: now })
        .returning();
      return row!;
    });
    if (mailSupport) {
      mailSupport(stored).catch((error: unknown) => {
        console.error(`Contact message ${stored.id} is stored but could not be e-mailed to support:`, error);
      });
    }
    return c.json({ id: stored.id, message: 'Message sent' }, 201);
  });
}

function toRow(row: typeof contactMessages.$inferSelect): ContactMessageRow {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

/**
 * The back office's contact messages: GET (paged, newest first, the total in X-Total-Count) and
 * PATCH {handled} to mark one handled (by whom, when) or open again. Guarded by the admin app.
 */
export function adminContactMessageRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .use(jsonBodyLimit)
    .get('/', validate('query', contactMessageListQuerySchema), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      const [rows, [total]] = await Promise.all([
        deps.db
          .select()
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        deps.db.select({ total: count() }).from(contactMessages),
      ]);
      c.header('X-Total-Count', String(total?.total ?? 0));
      return c.json({ messages: rows.map(toRow), page, pageSize });
    })
    .patch('/:id', validate('param', contactMessageIdParamSchema), validate('json', contactMessageUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { handled } = c.req.valid('json');
      const [updated] = await deps.db
        .update(contactMessages)
        .set(handled ? { handledAt: deps.now(), handledBy: c.var.user.id } : { handledAt: null, handledBy: null })
        .where(eq(contactMessages.id, id))
        .returning();
      if (!updated) throw notFound('No contact message with this id');
      return c.json(toRow(updated));
    });
}
