import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { contactMessages } from '../../../../db/schema/index.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import {
  contactMessageIdParamSchema,
  contactMessageListQuerySchema,
  contactMessageUpdateSchema,
  type ContactMessageRow,
} from '../../../shared/contact-schemas.ts';

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
