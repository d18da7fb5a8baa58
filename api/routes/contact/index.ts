import { Hono } from 'hono';
import { contactMessages } from '../../../db/schema/index.ts';
import { contactLimits, contactSubject, reserveAttempt } from '../../auth/attempt-limits.ts';
import { clientIp } from '../../auth/client-ip.ts';
import type { AuthEnv } from '../../auth/session.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { contactMessageSchema } from '../../shared/contact-schemas.ts';
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
