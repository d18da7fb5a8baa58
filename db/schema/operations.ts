import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { importJobStatuses, type ImportJobStatus } from '../../vocabulary/import-status.ts';
import { storyStatuses, type StoryStatus } from '../../vocabulary/story-status.ts';
import { policies } from './policies.ts';
import { departments } from './reference.ts';
import { users } from './users.ts';

/** A list of words as SQL's `in` list, so a check constraint and the list it guards are one. */
const oneOf = (words: readonly string[]) => sql.raw(`(${words.map((word) => `'${word}'`).join(', ')})`);

/** What hands stories to the intake (api/stories/intake.ts): a file import, or a source site's scraper. */
export const storyProducers = ['import', 'source'] as const;
export type StoryProducer = (typeof storyProducers)[number];

/** Source stories, taken in by api/stories/intake.ts, waiting to be turned into policies. */
export const pendingStories = pgTable(
  'pending_stories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The source's address, normalised (api/stories/intake.ts); null for a story imported without one. */
    url: text('url'),
    chineseText: text('chinese_text').notNull().default(''),
    /**
     * What tells a story without a URL from another: its title and text, hashed (sha256 hex of
     * title, a newline, the text). Computed by the intake, the one writer of stories, which skips
     * a story whose URL, or else whose hash, is known. Null only on a row written past the intake.
     */
    contentHash: text('content_hash'),
    /** Who handed the story in, from where (an import's file, a source's site), and when it was fetched. Null on rows older than migration 0010. */
    producer: text('producer').$type<StoryProducer>(),
    source: text('source'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    /** The import that brought the story in, when a file did: "Process Imported Stories" processes exactly these. */
    importJobId: integer('import_job_id').references((): AnyPgColumn => importJobs.id, { onDelete: 'set null' }),
    /** The document's own date and issuer, when the producer gave them (a file's columns): they win over the analyser's guesses. */
    publishedOn: date('published_on', { mode: 'string' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** What the source's page said of the document beside its text (a site's 文号, issuing body, attachments); null when nothing. */
    documentFacts: jsonb('document_facts').$type<StoryDocumentFacts>(),
    status: text('status').$type<StoryStatus>().notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** The policy made from this story: one story, one policy, whoever processes it and however often. */
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    /** The analyser that made the policy (`rules` or `llm:<model>`), with its cost. */
    analyser: text('analyser'),
    tokens: integer('tokens'),
    durationMs: integer('duration_ms'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pending_stories_status_valid', sql`${t.status} in ${oneOf(storyStatuses)}`),
    check('pending_stories_producer_valid', sql`${t.producer} in ${oneOf(storyProducers)}`),
    uniqueIndex('pending_stories_url_key').on(t.url),
    uniqueIndex('pending_stories_policy_id_key').on(t.policyId),
    index('pending_stories_content_hash_idx').on(t.contentHash),
    // The queue lists stories by status, oldest first.
    index('pending_stories_status_id_idx').on(t.status, t.id),
    index('pending_stories_import_job_id_idx').on(t.importJobId),
  ],
);

/** The document's own facts as its page gave them (issue 31: "attachment links recorded"). */
export type StoryDocumentFacts = {
  documentNumber?: string;
  issuer?: string;
  attachments?: { url: string; title: string }[];
};

export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull(),
    /** sha256 of the uploaded file: the same file uploaded again resumes or repeats this job. */
    fileHash: text('file_hash').notNull(),
    /** `stories` or `policies`: what the file held. */
    kind: text('kind').$type<'stories' | 'policies'>().notNull().default('stories'),
    status: text('status').$type<ImportJobStatus>().notNull().default('running'),
    total: integer('total').notNull().default(0),
    /** Rows of the file read so far, in its order: where a resumed import starts again. */
    rowsDone: integer('rows_done').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    /** How many rows were refused, and the first reasons (row number: why). */
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    /** Why the whole import failed, when it did. */
    failure: text('failure'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('import_jobs_status_valid', sql`${t.status} in ${oneOf(importJobStatuses)}`),
    index('import_jobs_file_hash_idx').on(t.fileHash, t.createdAt),
  ],
);

/**
 * Security and back-office events (login, failed login, role change, deletions...). Failed-login
 * rows double as the rate limiter's memory, hence the indexes by subject and by IP.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** What the event is about: a user id, a login name, a policy id... */
    subject: text('subject'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_action_subject_idx').on(t.action, t.subject, t.createdAt),
    index('audit_log_action_ip_idx').on(t.action, t.ip, t.createdAt),
    index('audit_log_actor_id_idx').on(t.actorId),
  ],
);

/**
 * One row per running daemon (the indexer now, the job worker later), renewed every few seconds:
 * health and the back office tell a live daemon from a dead one by `lastSeenAt`. A daemon that
 * stops cleanly removes its row; a killed one leaves it to go stale.
 */
export const daemonHeartbeats = pgTable(
  'daemon_heartbeats',
  {
    /** kind:host:pid:start, unique per process. */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    version: text('version').notNull(),
    /** What it is doing, in a few words ("syncing policies"). */
    activity: text('activity').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('daemon_heartbeats_kind_last_seen_idx').on(t.kind, t.lastSeenAt)],
);

/**
 * The job attempts a worker process is running: which worker (its heartbeat's id) holds which
 * pg-boss job, in which attempt (the job's retry count when taken). A hold whose worker's
 * heartbeat has gone quiet is a killed worker's: api/worker/holds.ts fails that very attempt into
 * its retry at once, instead of leaving it to the job's timeout. No foreign key to the heartbeat:
 * a worker stopped cleanly removes its heartbeat, and a job it left unfinished must still be found.
 */
export const jobHolds = pgTable(
  'job_holds',
  {
    jobId: uuid('job_id').primaryKey(),
    jobName: text('job_name').notNull(),
    workerId: text('worker_id').notNull(),
    /** pg-boss's retry_count of the attempt held: a later attempt of the job is not this hold's. */
    retryCount: integer('retry_count').notNull(),
    heldSince: timestamp('held_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_holds_worker_id_idx').on(t.workerId)],
);
