import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { pendingStories } from './operations.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * What the intake knows of each story's text, to recognise the same document arriving from
 * another site (api/stories/same-document.ts, decision 025): its MinHash signature, the band keys
 * that index it (any shared key makes two stories candidates), and its document number.
 */
export const storySignatures = pgTable(
  'story_signatures',
  {
    storyId: integer('story_id')
      .primaryKey()
      .references(() => pendingStories.id, { onDelete: 'cascade' }),
    /** The MinHash signature (api/stories/document-signature.ts); null for a text too short to compare. */
    signature: bytea('signature'),
    bands: integer('bands').array().notNull().default(sql`'{}'::integer[]`),
    /** The document's number as written (国发〔2019〕5号), brackets normalised; it names its issuer. */
    documentNumber: text('document_number'),
    /** The title as api/stories/document-signature.ts compares texts: what a same number is checked against. */
    comparableTitle: text('comparable_title').notNull(),
  },
  (t) => [
    index('story_signatures_bands_idx').using('gin', t.bands),
    index('story_signatures_document_number_idx').on(t.documentNumber).where(sql`${t.documentNumber} is not null`),
  ],
);

/**
 * The other addresses a story's document was found at ("Also published at"): a source that brings
 * the document again under another URL adds a row here instead of a second story, so its policy
 * keeps every source URL and a source run knows the address next time.
 */
export const storyOtherSources = pgTable(
  'story_other_sources',
  {
    /** Normalised as the intake keys stories. */
    url: text('url').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => pendingStories.id, { onDelete: 'cascade' }),
    /** The producer's source (a site's code, an import's file), as on stories. */
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('story_other_sources_story_id_idx').on(t.storyId)],
);
