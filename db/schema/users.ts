import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar, boolean, date } from 'drizzle-orm/pg-core';
import { notificationFrequencies, type NotificationFrequency } from '../../vocabulary/notifications.ts';

export const roles = ['user', 'editor', 'admin', 'super_admin'] as const;
export type Role = (typeof roles)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 254 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    company: varchar('company', { length: 200 }),
    /** Free-text job title from the profile form; never an access role. */
    jobTitle: varchar('job_title', { length: 200 }),
    role: text('role').$type<Role>().notNull().default('user'),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    magicSearchCount: integer('magic_search_count').notNull().default(0),
    magicSearchResetDate: date('magic_search_reset_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_stripe_customer_id_key').on(t.stripeCustomerId),
    check('users_role_valid', sql`${t.role} in ('user', 'editor', 'admin', 'super_admin')`),
    check('users_email_shape', sql`${t.email} like '%_@_%'`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** Only the SHA-256 of the session token is stored, so a database leak yields no usable cookies. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sliding expiry, renewed on use but never past absoluteExpiresAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull().default('email'),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 32 }),
    frequency: text('frequency').$type<NotificationFrequency>().notNull().default('hourly'),
    departmentIds: jsonb('department_ids').$type<number[]>().notNull().default([]),
    industryIds: jsonb('industry_ids').$type<number[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notification_frequency_valid', sql`${t.frequency} in (${sql.raw(notificationFrequencies.map((frequency) => `'${frequency}'`).join(', '))})`)],
);
