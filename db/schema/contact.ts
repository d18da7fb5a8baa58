import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Messages sent through the public contact form. Postgres keeps every one, whether or not the
 * support e-mail went out; the back office lists them and marks them handled.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The sender's address as clientIpMiddleware saw it; null without a socket (never in production). */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // The back office lists them newest first.
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt, t.id)],
);
