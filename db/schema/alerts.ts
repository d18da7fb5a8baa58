import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { alertFrequencies, type AlertFrequency } from '../../vocabulary/alerts.ts';
import { users } from './users.ts';

/** A search (text and every filter) a user keeps under a name; names may repeat. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    // The search's criteria as JSON, written and read by the API (api/shared/saved-search-schemas.ts,
    // api/saved-searches/stored-query.ts, which also reads rows of an older shape).
    query: jsonb('query').$type<object>().notNull(),
    alert: text('alert').$type<AlertFrequency>().notNull().default('off'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_searches_alert_valid', sql`${t.alert} in (${sql.raw(alertFrequencies.map((frequency) => `'${frequency}'`).join(', '))})`),
    check('saved_searches_name_not_blank', sql`btrim(${t.name}) <> ''`),
    index('saved_searches_user_id_idx').on(t.userId),
    // The matcher reads only the searches that alert.
    index('saved_searches_alert_idx').on(t.alert).where(sql`${t.alert} <> 'off'`),
  ],
);

/**
 * A user's personal feed token. Only its SHA-256 is kept (like a session's), so the token is shown
 * once; replacing the row revokes the old one.
 */
export const feedTokens = pgTable('feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
