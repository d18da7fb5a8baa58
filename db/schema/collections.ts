import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { policies } from './policies.ts';
import { users } from './users.ts';

export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collections_user_name_lower_key').on(t.userId, sql`lower(${t.name})`),
    check('collections_name_not_blank', sql`btrim(${t.name}) <> ''`),
    index('collections_user_id_idx').on(t.userId, t.createdAt),
  ],
);

export const policyCollections = pgTable(
  'policy_collections',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('policy_collections_collection_policy_key').on(t.collectionId, t.policyId),
    index('policy_collections_policy_id_idx').on(t.policyId),
  ],
);
