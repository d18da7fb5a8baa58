import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Issuing government bodies. Ids are fixed (1-13 from the spec, 14 MOHRSS) because the client maps ids to codes. */
export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey(),
    code: varchar('code', { length: 10 }).notNull(),
    fullName: text('full_name').notNull(),
    nameZh: text('name_zh').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('departments_code_lower_key').on(sql`lower(${t.code})`),
    check('departments_code_not_blank', sql`btrim(${t.code}) <> ''`),
  ],
);

export const industries = pgTable(
  'industries',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    /** Display colour name from the spec's palette (blue, purple, ...). */
    color: varchar('color', { length: 20 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('industries_name_lower_key').on(sql`lower(${t.name})`)],
);

export const topicCategories = pgTable(
  'topic_categories',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
  },
  (t) => [uniqueIndex('topic_categories_name_lower_key').on(sql`lower(${t.name})`)],
);

export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => topicCategories.id, { onDelete: 'restrict' }),
    code: varchar('code', { length: 10 }).notNull(),
    nameEn: text('name_en').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topics_code_lower_key').on(sql`lower(${t.code})`),
    index('topics_category_id_idx').on(t.categoryId),
  ],
);
