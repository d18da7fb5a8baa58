import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PolicyFullContent } from '../policy-content.ts';
import type { LinkOrigin, LinkState, StoredLinkKind } from '../../vocabulary/document-links.ts';
import type { EffectivenessStatus } from '../../vocabulary/effectiveness.ts';
import type { TranslationStatus } from '../../vocabulary/translation-status.ts';
import { departments, industries, topics } from './reference.ts';
import { users } from './users.ts';

export const policies = pgTable(
  'policies',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Publication date ("time" in the spec's API shapes). */
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    impact: smallint('impact').notNull().default(5),
    storyText: text('story_text'),
    chineseOriginal: text('chinese_original'),
    /** Null or empty means "not translated yet": the back office flags it as a warning. */
    englishTranslation: text('english_translation'),
    /**
     * The English text's status (db/policies.ts), kept by Postgres from the text and its review:
     * lists, filters and counts read it from an index instead of each row's long, TOASTed text.
     */
    translationStatus: text('translation_status')
      .$type<TranslationStatus>()
      .notNull()
      .generatedAlwaysAs(
        sql`case when coalesce(btrim(english_translation), '') = '' then 'pending' when translation_reviewed_at is not null then 'reviewed' else 'machine' end`,
      ),
    /** Set when an admin saved or confirmed the English text (translation status `reviewed`). */
    translationReviewedAt: timestamp('translation_reviewed_at', { withTimezone: true }),
    translationReviewedBy: integer('translation_reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The model that wrote the English text (the LLM analyser's `LLM_MODEL`), shown in its
     * "Machine translation" label; kept when an editor reviews the text, null when nobody knows.
     */
    translationModel: text('translation_model'),
    /**
     * The fields an admin has edited (db/policies.ts names them): reprocessing by the analyser
     * leaves them as the admin wrote them unless told otherwise.
     */
    editedFields: text('edited_fields').array().notNull().default(sql`'{}'::text[]`),
    /** Why the analyser gave this importance score (document type, issuer, scope, dates), for admins. */
    importanceReasons: text('importance_reasons').array().notNull().default(sql`'{}'::text[]`),
    sourceUrl: text('source_url'),
    /**
     * The document's own title in Chinese, as other documents cite it in 《...》 (spaces removed):
     * what citations are matched on, whatever language `title` is in (db/citations.ts).
     */
    chineseTitle: text('chinese_title'),
    /**
     * The document's own number (国发〔2014〕40号, 国务院令第681号), in normal form when it reads as one
     * (db/document-numbers.ts): from the source page or the text, editable; what a citation by number resolves to.
     */
    documentNumber: text('document_number'),
    /**
     * Whether the document is in force, since when and why ("Repealed by … on …"): derived from its
     * dates and links by db/effectiveness.ts, kept current by the effectiveness job; in the index.
     */
    effectivenessStatus: text('effectiveness_status').$type<EffectivenessStatus>().notNull().default('unknown'),
    effectivenessSince: date('effectiveness_since', { mode: 'string' }),
    effectivenessReason: text('effectiveness_reason').notNull().default(''),
    /** The day the text says it takes effect (自…起施行), when it says. */
    effectiveOn: date('effective_on', { mode: 'string' }),
    /** Written through parsePolicyFullContent (db/policy-content.ts), which every reader uses too. */
    fullContent: jsonb('full_content').$type<PolicyFullContent>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by every write through savePolicy (db/policies.ts): the editor sends the version it
     * opened, and a save from an older one is refused as a conflict instead of overwriting.
     */
    version: integer('version').notNull().default(1),
    /**
     * In the Trash since then, by whom: every reader leaves the policy out (db/policy-records.ts's
     * `livePolicy`) until it is restored or purged after TRASH_RETENTION_DAYS.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * False when neither the story nor its text gave the document's own date: `published_on` then
     * holds the date it was received, for sorting, and the policy is never presented as today's news.
     */
    dateKnown: boolean('date_known').notNull().default(true),
    /**
     * False when nothing named the issuer: `department_id` then holds the analyser's fallback (it
     * can't be null), which subscribers are never shown; the back office flags it for review.
     */
    issuerIdentified: boolean('issuer_identified').notNull().default(true),
  },
  (t) => [
    check('policies_impact_range', sql`${t.impact} between 1 and 10`),
    check('policies_title_not_blank', sql`btrim(${t.title}) <> ''`),
    // A translation can only be reviewed while there is one: clearing it clears the review.
    check(
      'policies_reviewed_translation_present',
      sql`${t.translationReviewedAt} is null or btrim(coalesce(${t.englishTranslation}, '')) <> ''`,
    ),
    index('policies_chinese_title_idx').on(t.chineseTitle),
    index('policies_document_number_idx').on(t.documentNumber),
    // The effectiveness job finds the documents whose day to take effect has come.
    index('policies_not_yet_in_force_idx').on(t.effectiveOn).where(sql`${t.effectivenessStatus} = 'not_yet_in_force'`),
    check('policies_effectiveness_status_valid', sql`${t.effectivenessStatus} in ('in_force', 'not_yet_in_force', 'amended', 'repealed', 'unknown')`),
    // Admin list sorts by id (pk), title or date; the ticker and default search order by date.
    // NULLS FIRST is what `order by ... desc` means: an index in another null order is never used for it.
    index('policies_published_on_idx').on(t.publishedOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // With the id, a deep page of titles is found in the index alone (the list reads ids first).
    index('policies_title_idx').on(t.title, t.id),
    index('policies_department_id_idx').on(t.departmentId),
    // Admin "search" is a case-insensitive substring match on the title.
    index('policies_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // Admin "Show warnings only" and the translation filter, in the list's default order; counts by status.
    index('policies_translation_status_idx').on(t.translationStatus, t.publishedOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One live policy per source: a policy in the Trash does not keep its story from being made again.
    uniqueIndex('policies_source_url_key').on(t.sourceUrl).where(sql`${t.deletedAt} is null`),
    // The Trash lists and the purge job finds deleted policies by when they were deleted.
    index('policies_deleted_at_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // The public API's sync reads changes in (updated_at, id) order from a cursor (api/public-api/sync.ts).
    index('policies_updated_at_idx').on(t.updatedAt, t.id),
  ],
);

/**
 * A purged policy, remembered for the public API's sync: a reader that synced while it was live
 * learns it is gone (a trashed policy still has its row and says so itself). Written in the
 * purge's own statement (db/policy-trash.ts).
 */
export const policyTombstones = pgTable(
  'policy_tombstones',
  {
    policyId: integer('policy_id').primaryKey(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    purgedAt: timestamp('purged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('policy_tombstones_purged_at_idx').on(t.purgedAt, t.policyId)],
);

/** Who or what wrote a version of a policy (db/policies.ts). `earlier`: the content stored before history was kept. */
export const policyVersionSources = ['editor', 'reprocess', 'import', 'earlier'] as const;
export type PolicyVersionSource = (typeof policyVersionSources)[number];

/**
 * Every state a policy has had, one row per write (written by savePolicy in the writing
 * transaction, so no write path can skip it): its fields, tags and full_content as JSON, who or
 * what wrote it, and when. The editor's History restores one by saving it again.
 */
export const policyVersions = pgTable(
  'policy_versions',
  {
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The policy's fields as db/policies.ts's PolicyFields (tags as industryIds and topicIds). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    source: text('source').$type<PolicyVersionSource>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The version this one restored, when an admin restored one from History. */
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.policyId, t.version] }),
    check('policy_versions_source_valid', sql`${t.source} in ('editor', 'reprocess', 'import', 'earlier')`),
  ],
);

/** Topic tags of a policy. */
export const policyTopics = pgTable(
  'policy_topics',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    relevance: real('relevance').notNull().default(1),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('policy_topics_policy_topic_key').on(t.policyId, t.topicId),
    index('policy_topics_topic_id_idx').on(t.topicId),
  ],
);

/** Industry tags of a policy, with the per-industry impact analysis. */
export const policyIndustries = pgTable(
  'policy_industries',
  {
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id, { onDelete: 'cascade' }),
    impactAnalysis: text('impact_analysis'),
  },
  (t) => [
    primaryKey({ columns: [t.policyId, t.industryId] }),
    index('policy_industries_industry_id_idx').on(t.industryId),
  ],
);

/**
 * The documents a policy cites by title (the 《...》 of its text), linked to the policy holding
 * that title when there is one: in both directions, since the cited policy may arrive later
 * (db/citations.ts). The detail page's related policies list cited and citing policies first.
 */
export const policyCitations = pgTable(
  'policy_citations',
  {
    citingPolicyId: integer('citing_policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    citedTitle: text('cited_title').notNull(),
    citedPolicyId: integer('cited_policy_id').references(() => policies.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.citingPolicyId, t.citedTitle] }),
    index('policy_citations_cited_policy_id_idx').on(t.citedPolicyId),
    index('policy_citations_cited_title_idx').on(t.citedTitle),
  ],
);

/**
 * Links between two policies other than citations: one amends, replaces or repeals the other, or
 * both are one document from two sites (vocabulary/document-links.ts). Stored once, from the acting
 * document (`from`), read from both ends. Written by db/document-links.ts from the texts, or by an
 * editor; a `proposed` link waits for an editor.
 */
export const policyLinks = pgTable(
  'policy_links',
  {
    id: serial('id').primaryKey(),
    fromPolicyId: integer('from_policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    toPolicyId: integer('to_policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StoredLinkKind>().notNull(),
    state: text('state').$type<LinkState>().notNull(),
    origin: text('origin').$type<LinkOrigin>().notNull(),
    /** The words of the text the link was read from (the 废止 sentence), for the editor who confirms it. */
    evidence: text('evidence').notNull().default(''),
    /** When the acting document takes effect, if its text says: the date the other stops being current. */
    effectiveOn: date('effective_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('policy_links_from_to_kind_key').on(t.fromPolicyId, t.toPolicyId, t.kind),
    index('policy_links_to_policy_id_idx').on(t.toPolicyId),
    index('policy_links_proposed_idx').on(t.createdAt).where(sql`${t.state} = 'proposed'`),
    check('policy_links_kind_valid', sql`${t.kind} in ('amends', 'replaces', 'repeals', 'sameDocument')`),
    check('policy_links_state_valid', sql`${t.state} in ('confirmed', 'proposed', 'rejected')`),
    check('policy_links_origin_valid', sql`${t.origin} in ('text', 'title', 'editor')`),
    check('policy_links_not_self', sql`${t.fromPolicyId} <> ${t.toPolicyId}`),
  ],
);

/** The policies a reader follows: they are told when one is amended, replaced, repealed or cited, or its status changes. */
export const policyFollows = pgTable(
  'policy_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.policyId] }), index('policy_follows_policy_id_idx').on(t.policyId)],
);
