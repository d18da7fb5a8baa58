import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Personal API keys for /api/v1. Only the SHA-256 of a key is stored (a copy of the database
 * yields no usable key); `prefix` is its first characters, shown so its owner can tell keys apart.
 * A revoked key keeps its row (the audit log names it) but authenticates nothing.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The UTC day `requestsToday` counts; a request on a later day starts the count again. */
    requestsOn: date('requests_on', { mode: 'string' }),
    requestsToday: integer('requests_today').notNull().default(0),
    /**
     * The limits' windows (api/public-api/limits.ts): each opens with a request after the last one
     * closed and counts the requests in it, kept on the key's row so that one update per request
     * finds the key, counts it and counts both windows.
     */
    minuteStartedAt: timestamp('minute_started_at', { withTimezone: true }),
    minuteCount: integer('minute_count').notNull().default(0),
    dayStartedAt: timestamp('day_started_at', { withTimezone: true }),
    dayCount: integer('day_count').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    // The account page lists a user's live keys; the limit of 10 counts them.
    index('api_keys_user_live_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
  ],
);
