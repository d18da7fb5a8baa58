import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sourceRunStatuses, type SourceRunStatus } from '../../vocabulary/source-run-status.ts';
import { users } from './users.ts';

/** A list of words as SQL's `in` list, so a check constraint and the list it guards are one. */
const oneOf = (words: readonly string[]) => sql.raw(`(${words.map((word) => `'${word}'`).join(', ')})`);

/**
 * The sources' state as admins set it (issue 31), over the defaults the catalogue ships in code
 * (api/sources/catalogue.ts): a null column keeps the code's default, so a new default reaches every
 * source an admin has not changed.
 */
export const sourceSettings = pgTable('source_settings', {
  /** The catalogue's code of the source (`govcn`, `pboc`...). */
  code: text('code').primaryKey(),
  enabled: boolean('enabled'),
  /** The list pages read instead of the catalogue's; null: the catalogue's. */
  listUrls: jsonb('list_urls').$type<string[]>(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sourceRunTriggers = ['scheduled', 'manual'] as const;
export type SourceRunTrigger = (typeof sourceRunTriggers)[number];

/** A page or article a run could not read, and why, as the admin's screen lists it. */
export type SourceRunFailure = { url: string; status: number | null; reason: string };

/** One run of one source: what it fetched and found, and what it could not read. */
export const sourceRuns = pgTable(
  'source_runs',
  {
    id: serial('id').primaryKey(),
    sourceCode: text('source_code').notNull(),
    trigger: text('trigger').$type<SourceRunTrigger>().notNull(),
    status: text('status').$type<SourceRunStatus>().notNull().default('queued'),
    /** The admin who pressed Run now; null for the schedule's runs. */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    pagesFetched: integer('pages_fetched').notNull().default(0),
    /** List pages the site answered 304 Not Modified: nothing new, nothing read. */
    notModified: integer('not_modified').notNull().default(0),
    linksFound: integer('links_found').notNull().default(0),
    newStories: integer('new_stories').notNull().default(0),
    /** Links found that were already stories (or a policy's source). */
    duplicates: integer('duplicates').notNull().default(0),
    /** Articles that were a document already known from another site (counted apart from duplicates): their address joined its policy. */
    knownFromOtherSite: integer('known_from_other_site').notNull().default(0),
    failures: jsonb('failures').$type<SourceRunFailure[]>().notNull().default([]),
    /** Why the run as a whole failed (no list page could be read), when it did. */
    error: text('error'),
  },
  (t) => [
    check('source_runs_trigger_valid', sql`${t.trigger} in ${oneOf(sourceRunTriggers)}`),
    check('source_runs_status_valid', sql`${t.status} in ${oneOf(sourceRunStatuses)}`),
    // One run of a source at a time: a second Run now or a schedule's tick finds this one.
    uniqueIndex('source_runs_one_active_key').on(t.sourceCode).where(sql`${t.status} in ('queued', 'running')`),
    index('source_runs_source_code_id_idx').on(t.sourceCode, t.id),
  ],
);

/**
 * A list (a source's list URL) as runs read it: `caughtUpAt` is set when a read of it finished, and
 * cleared when one begins; a read that began and never finished (a killed run) leaves it null, so the
 * next run reads the list again without stopping early or trusting its validators, and loses nothing.
 * A list whose first page gave links and now gives none is one whose layout changed: its source's
 * health says so until links come back.
 */
export const sourceLists = pgTable('source_lists', {
  url: text('url').primaryKey(),
  caughtUpAt: timestamp('caught_up_at', { withTimezone: true }),
  readStartedAt: timestamp('read_started_at', { withTimezone: true }).notNull(),
  /** The last read whose first page gave links. */
  linksFoundAt: timestamp('links_found_at', { withTimezone: true }),
  /** Since when its first page gives no links although it gave some before (issue 44: "layout changed"); null once links come back. */
  noLinksSince: timestamp('no_links_since', { withTimezone: true }),
});

/** What conditional GET needs per list page: the validators of its last complete read. */
export const sourcePages = pgTable('source_pages', {
  url: text('url').primaryKey(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/**
 * An article link a run could not read (fetch failed, an empty page, one the extractors could not
 * read), kept so runs back off instead of fetching it every 30 minutes: a run skips it until
 * `nextTryAt`, then tries again (api/sources/article-failures.ts owns the backoff). Its row goes in
 * the transaction that takes the article in as a story, so a link that reads again is forgotten.
 */
export const sourceArticleFailures = pgTable(
  'source_article_failures',
  {
    /** The link's address as the run keys it (normalised as the intake keys stories). */
    url: text('url').primaryKey(),
    sourceCode: text('source_code').notNull(),
    /** Failed tries so far, the first included. */
    attempts: integer('attempts').notNull(),
    /** The HTTP status of the last try; null when no answer came. */
    lastStatus: integer('last_status'),
    lastReason: text('last_reason').notNull(),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull(),
    lastTriedAt: timestamp('last_tried_at', { withTimezone: true }).notNull(),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
  },
  // The Sources tab counts them per source.
  (t) => [index('source_article_failures_source_code_idx').on(t.sourceCode)],
);
