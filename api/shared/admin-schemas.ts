import { z } from 'zod';
import type { PolicyFullContent } from '../../db/policy-content.ts';
import type { Role } from '../../db/schema/users.ts';
import type { SearchRebuildStatus } from '../../vocabulary/search-rebuild-status.ts';
import { storyStatuses, type StoryStatus } from '../../vocabulary/story-status.ts';
import { translationStatuses, type TranslationStatus } from '../../vocabulary/translation-status.ts';
import { maxRecordId, optionalParam, recordId, wholeNumber } from './params.ts';
import type { PolicyTag } from './search.ts';
import { findTextProblem, withoutControlCharacters } from './text-rules.ts';

/**
 * The back office's request schemas and answers (spec section 7), shared with the admin screens.
 * This module holds no server code.
 */

/** The translation statuses the Policy Management filter accepts: the vocabulary's list. */
export const translationStatusValues = translationStatuses;

/** The back office's roles (spec: "admin and super_admin only"); the server's guard and the screens read this list. */
export const adminRoles = ['admin', 'super_admin'] as const satisfies readonly Role[];

/** The spec's admin page size (policies, and users too), and the most a page may ask for. */
export const adminPageSize = 100;

export const adminPolicySorts = ['id', 'title', 'date'] as const;

/**
 * Policy Management's source filter: made from a story imported from a file (`import`), from a
 * story a source site's scraper fetched (`scraper`), with no story at all (`none`: written by hand,
 * or imported as a policy), or changed by an admin since (`edited`).
 */
export const adminPolicySources = ['import', 'scraper', 'none', 'edited'] as const;
export type AdminPolicySource = (typeof adminPolicySources)[number];
export type AdminPolicySort = (typeof adminPolicySorts)[number];

export const adminPolicyListQuerySchema = z
  .object({
    page: optionalParam(wholeNumber(1, 100_000)).default(1),
    pageSize: optionalParam(wholeNumber(1, adminPageSize)).default(adminPageSize),
    /** A part of the title (any case), or a policy id. */
    search: optionalParam(z.string().trim().max(200, 'must be at most 200 characters')),
    sortBy: optionalParam(z.enum(adminPolicySorts, { error: `must be one of ${adminPolicySorts.join(', ')}` })),
    sortDirection: optionalParam(z.enum(['asc', 'desc'], { error: 'must be asc or desc' })),
    /** Only policies without an English translation (the spec's warnings): translation=pending. */
    warningsOnly: optionalParam(z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true')),
    /** Only policies whose English text has this status. */
    translation: optionalParam(z.enum(translationStatusValues, { error: `must be one of ${translationStatusValues.join(', ')}` })),
    /** Only this department's policies. */
    departmentId: optionalParam(wholeNumber(1, 1_000_000)),
    /** Importance between these scores, both included. */
    impactMin: optionalParam(wholeNumber(1, 10)),
    impactMax: optionalParam(wholeNumber(1, 10)),
    /** Published between these days, both included (YYYY-MM-DD). */
    dateFrom: optionalParam(z.iso.date({ error: 'must be a date (YYYY-MM-DD)' })),
    dateTo: optionalParam(z.iso.date({ error: 'must be a date (YYYY-MM-DD)' })),
    /** Where the policy came from, or that an admin edited it (adminPolicySources). */
    source: optionalParam(z.enum(adminPolicySources, { error: `must be one of ${adminPolicySources.join(', ')}` })),
  })
  .superRefine((query, ctx) => {
    if (query.sortDirection && !query.sortBy) ctx.addIssue({ code: 'custom', path: ['sortDirection'], message: 'needs sortBy' });
    if (query.impactMin !== undefined && query.impactMax !== undefined && query.impactMin > query.impactMax) {
      ctx.addIssue({ code: 'custom', path: ['impactMax'], message: 'must not be below impactMin' });
    }
    if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'must not be before dateFrom' });
  });
export type AdminPolicyListQuery = z.output<typeof adminPolicyListQuerySchema>;

/** A row of the Policy Management table. */
export type AdminPolicyRow = {
  id: number;
  title: string;
  time: string;
  departmentId: number;
  department: { id: number; code: string; fullName: string };
  impact: number;
  translationStatus: TranslationStatus;
  /** False when nothing named the issuer (the department is the analyser's fallback): a warning. Absent when identified. */
  issuerIdentified?: false;
  /** False when the document's own date is unknown (the date is when it was received): a warning. Absent when known. */
  dateKnown?: false;
};

/** A batch call's body `{ [field]: ids }`: at least one, at most a thousand, each once. */
function idListSchema<Field extends string>(field: Field, noun: 'policy' | 'story', plural: string) {
  return z.strictObject({
    [field]: z
      .array(recordId(`each ${noun} id`), {
        error: `${field} must be a list of ${noun} ids`,
      })
      .min(1, `${field} must name at least one ${noun}`)
      .max(1000, `${field} may name at most 1000 ${plural}`)
      .transform((ids) => [...new Set(ids)]),
  } as { [K in Field]: z.ZodPipe<z.ZodArray<z.ZodNumber>, z.ZodTransform<number[], number[]>> });
}

export const policyIdsSchema = idListSchema('policyIds', 'policy', 'policies');

/** Text limits of the editor's fields (characters). A whole law runs to a few hundred thousand. */
export const policyFieldLimits = { title: 500, description: 10_000, sourceUrl: 2_000, documentNumber: 100, document: 1_000_000 } as const;

/** The switch's placeholder for "translation to come": shown in the box, never stored (spec section 4). */
export const translationPlaceholder = 'Translation pending...';

/** A translation as sent: blank, or the switch's placeholder, means "no translation". */
const translationText = z
  .string()
  .max(policyFieldLimits.document, `must be at most ${policyFieldLimits.document} characters`)
  .nullable()
  .transform((text) => (text === null || text.trim() === '' || text.trim() === translationPlaceholder ? null : text));
const documentText = z.string().max(policyFieldLimits.document, `must be at most ${policyFieldLimits.document} characters`).nullable();

const tagIdText = z.union([z.string().regex(/^\d{1,9}$/, 'must be a whole number'), recordId()]).transform(Number);

/** A tag as the editor holds it (spec section 3): an industry tag or a topic tag, by id. */
const editorTag = z.union([
  z.object({ name: z.string(), color: z.string().optional(), industryId: tagIdText }),
  z.object({ name: z.string(), color: z.string().optional(), topicId: tagIdText }),
], { error: 'each tag must name an industryId or a topicId' });

/**
 * The editor's fields, each with its message in the admin's words: the server refuses with them
 * and the form (web/src/admin/policy-editor/) checks each field with the same schema as it is
 * typed. The form sends an importance it can't read as a whole number as the text typed, so "5.5"
 * and "1e1" are refused here too rather than rounded or read as 10.
 */
export const policyEditorFields = {
  title: withoutControlCharacters(
    z
      .string({ error: 'Title must not be empty' })
      .trim()
      .min(1, 'Title must not be empty')
      .max(policyFieldLimits.title, `Title must be at most ${policyFieldLimits.title} characters`),
    'Title',
  ),
  time: z.iso.date({ error: 'Date must be a real day, written YYYY-MM-DD' }),
  description: z
    .string({ error: 'Description must not be empty' })
    .refine((text) => text.trim() !== '', 'Description must not be empty')
    .pipe(z.string().max(policyFieldLimits.description, `Description must be at most ${policyFieldLimits.description} characters`)),
  impact: z
    .number({ error: 'Importance must be a whole number from 1 to 10' })
    .int('Importance must be a whole number from 1 to 10')
    .min(1, 'Importance must be a whole number from 1 to 10')
    .max(10, 'Importance must be a whole number from 1 to 10'),
  departmentId: z
    .number({ error: 'Department must be one of the list' })
    .int('Department must be one of the list')
    .positive('Department must be one of the list')
    .max(maxRecordId, `must be at most ${maxRecordId}`),
  source_url: withoutControlCharacters(
    z.string().trim().max(policyFieldLimits.sourceUrl, `Source URL must be at most ${policyFieldLimits.sourceUrl} characters`),
    'Source URL',
  )
    .refine((url) => url === '' || /^https?:\/\/\S+$/.test(url), 'Source URL must be a web address starting with http:// or https://')
    .transform((url) => url || null)
    .nullable(),
  /** The document's own title in Chinese and its number (国发〔2014〕40号); blank means none. */
  chinese_title: withoutControlCharacters(
    z.string().trim().max(policyFieldLimits.title, `Chinese title must be at most ${policyFieldLimits.title} characters`),
    'Chinese title',
  )
    .transform((title) => title || null)
    .nullable(),
  document_number: withoutControlCharacters(
    z.string().trim().max(policyFieldLimits.documentNumber, `Document number must be at most ${policyFieldLimits.documentNumber} characters`),
    'Document number',
  )
    .transform((number) => number || null)
    .nullable(),
};

/**
 * The analysis as the editor sends it: an object, or (spec section 3) a JSON string of one. The
 * request's text rule saw the string as sent, where a NUL is six harmless characters (`\u0000`);
 * what it decodes to, which is what is stored, passes the rule too. A string that is not JSON is
 * left to db/policy-content.ts, which reads it as no analysis.
 */
const fullContentBody = z.unknown().superRefine((value, ctx) => {
  if (typeof value !== 'string') return;
  let decoded: unknown;
  try {
    decoded = JSON.parse(value);
  } catch {
    return;
  }
  const problem = findTextProblem(decoded);
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: `${problem.message} (in the JSON text)` });
});

/** PATCH /api/admin/policies/{id}: the spec's editor body; every field optional, absent ones kept. */
export const policyUpdateSchema = z.strictObject({
  id: recordId().optional(),
  title: policyEditorFields.title.optional(),
  time: policyEditorFields.time.optional(),
  description: policyEditorFields.description.optional(),
  impact: policyEditorFields.impact.optional(),
  departmentId: policyEditorFields.departmentId.optional(),
  /** The editor sends the department's name too; the id is what is stored. */
  department: z.unknown().optional(),
  source_url: policyEditorFields.source_url.optional(),
  chinese_title: policyEditorFields.chinese_title.optional(),
  document_number: policyEditorFields.document_number.optional(),
  chinese_original: documentText.optional(),
  english_translation: translationText.optional(),
  /** Confirm the English text (`reviewed`) or return it to `machine`. */
  translationReviewed: z.boolean().optional(),
  tags: z.array(editorTag).max(200, 'may hold at most 200 tags').optional(),
  fullContent: fullContentBody.optional(),
  /** The policy's `version` the editor opened: a save from an older one is a 409 (someone saved since). Absent: save anyway (Overwrite). */
  baseVersion: z.number({ error: 'must be a version number' }).int().positive('must be a version number').optional(),
});
export type PolicyUpdate = z.input<typeof policyUpdateSchema>;

/** POST /api/admin/policies: a new policy, written by hand ("New Policy"); the editor's fields and rules, with what every policy needs. */
export const policyCreateSchema = policyUpdateSchema.omit({ id: true, baseVersion: true, translationReviewed: true }).extend({
  title: policyUpdateSchema.shape.title.unwrap(),
  time: policyEditorFields.time,
  departmentId: policyUpdateSchema.shape.departmentId.unwrap(),
});
export type PolicyCreate = z.input<typeof policyCreateSchema>;

/** POST /api/admin/policies/{id}/translation: the English text alone (the editor's legacy save). */
export const translationSaveSchema = z.strictObject({ translation: translationText });

/** PATCH /api/admin/policies/{id}/translations: both texts. */
export const translationsSaveSchema = z.strictObject({ english_translation: translationText, chinese_original: documentText });

/** The policy as the editor opens it. `fullContent` is the stored snake_case shape the editor uses. */
export type AdminPolicy = {
  id: number;
  title: string;
  time: string;
  description: string;
  impact: number;
  departmentId: number;
  department: { id: number; code: string; fullName: string };
  source_url: string | null;
  chinese_title: string | null;
  document_number: string | null;
  chinese_original: string | null;
  english_translation: string | null;
  translation: { status: TranslationStatus; reviewedAt: string | null; reviewedBy: { id: number; name: string } | null };
  tags: PolicyTag[];
  fullContent: PolicyFullContent;
  /** Fields an admin has changed; the analyser's reprocessing leaves them alone. */
  editedFields: string[];
  /** Why the analyser scored the importance as it did (empty for policies written by hand). */
  importanceReasons: string[];
  /** False when the document gave no date (`time` is when it was received) or named no issuer (`departmentId` is a fallback). */
  dateKnown: boolean;
  issuerIdentified: boolean;
  updatedAt: string;
  /** Sent back as `baseVersion` with a save, so a save over someone else's is caught. */
  version: number;
};

/** The 409 of a stale save: who saved the policy after the editor opened it, and when (`error.details`). */
export type PolicySaveConflict = { version: number; savedBy: { id: number; name: string } | null; savedAt: string };

/** GET /api/admin/users: a page of accounts, newest first; `search` matches name or email. */
export const adminUserListQuerySchema = z.object({
  page: optionalParam(wholeNumber(1, 100_000)).default(1),
  pageSize: optionalParam(wholeNumber(1, adminPageSize)).default(adminPageSize),
  search: optionalParam(z.string().trim().max(200, 'must be at most 200 characters')),
});

/** A row of the User Management table, and what the User Details dialog shows. */
export type AdminUserRow = {
  id: number;
  name: string;
  username: string;
  email: string;
  role: Role;
  company: string | null;
  created_at: string;
};

/** The roles an admin may give (spec: User, Editor, Admin; Super Admin is never assignable). */
export const assignableRoles = ['user', 'editor', 'admin'] as const satisfies readonly Role[];
export type AssignableRole = (typeof assignableRoles)[number];

/** PATCH /api/admin/users/{id}. */
export const userRoleUpdateSchema = z.strictObject({
  role: z.enum(assignableRoles, { error: `must be one of ${assignableRoles.join(', ')}` }),
});

/** The window System Status measures write → searchable over. */
export const freshnessWindowMinutes = 15;

/** A change must be searchable within a second (issue 47): above it, System Status flags the p95. */
export const freshnessTargetSeconds = 1;

/**
 * Write → searchable over the last `freshnessWindowMinutes`: how many outbox rows were indexed
 * and the 95th percentile of their wait, from the write to the commit that made them searchable
 * (null when none was indexed in the window).
 */
export type SearchFreshness = { writes: number; p95Seconds: number | null };

/** The Dashboard tab's System Status: each part as it is now, not a static "Online". */
export type SystemStatus = {
  database: { ok: boolean; error: string | null };
  search: { ok: boolean; error: string | null; documents: number | null; outboxBacklog: number | null; outboxOldestAgeSeconds: number | null; freshness: SearchFreshness | null };
  indexer: { running: boolean; lastSeenSecondsAgo: number | null };
  worker: { running: boolean; lastSeenSecondsAgo: number | null };
  translation: { provider: 'llm'; model: string } | { provider: 'rules'; model: null };
};

/** A reindex asked for from Admin Tools, as its card follows it. */
export type SearchRebuild = {
  id: number;
  status: SearchRebuildStatus;
  phase: string | null;
  documentsWritten: number;
  documentsTotal: number | null;
  requestedBy: string | null;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  elapsedSeconds: number | null;
  error: string | null;
};

/** The spec's story queue page size, and the most a page may ask for. */
export const storyPageSize = 200;

/** GET /api/admin/pending-stories: the queue (stories not yet processed), oldest first. */
export const storyListQuerySchema = z.object({
  page: optionalParam(wholeNumber(1, 100_000)).default(1),
  pageSize: optionalParam(wholeNumber(1, storyPageSize)).default(storyPageSize),
  /** Only stories in this state; without it, the queue (every story not yet processed). */
  status: optionalParam(z.enum(storyStatuses, { error: `must be one of ${storyStatuses.join(', ')}` })),
});


/** A row of the Story Processing queue. */
export type StoryRow = {
  id: number;
  title: string;
  url: string | null;
  status: StoryStatus;
  error: string | null;
  createdAt: string;
  /** Processed, but its policy is in the Trash or gone: listed in the queue to be re-queued (once purged, if in the Trash). */
  policyDeleted: boolean;
};

/** How many stories are in each state (the whole table, processed ones included). */
export type StoryCounts = Record<StoryStatus, number>;

/** The spec's pagination object of the story queue. */
export type StoryPagination = { page: number; pageSize: number; totalItems: number; totalPages: number };

/** GET /api/admin/stories/{id}: what the Story Details dialog shows. */
export type StoryDetails = {
  id: number;
  title: string;
  url: string | null;
  chinese_text: string;
  processed: boolean;
  processed_at: string | null;
  status: StoryStatus;
  error: string | null;
  policyId: number | null;
};

export const storyIdsSchema = idListSchema('storyIds', 'story', 'stories');

/** POST /api/admin/stories/{id}/mark-processed: Mark as Processed (true) or Mark as Failed (false). */
export const markStorySchema = z.strictObject({ success: z.boolean({ error: 'success must be true or false' }) });

/**
 * POST /api/admin/process-stories: the stories to process (pending or failed), or the stories an
 * import brought in (`importJobId`), or neither for every pending story.
 */
export const processStoriesSchema = z
  .strictObject({
    storyIds: z
      .array(recordId('each story id'), {
        error: 'storyIds must be a list of story ids',
      })
      .max(1000, 'storyIds may name at most 1000 stories')
      .default([])
      .transform((ids) => [...new Set(ids)]),
    importJobId: recordId('importJobId').optional(),
  })
  .refine((body) => body.importJobId === undefined || body.storyIds.length === 0, { message: 'Give storyIds or importJobId, not both', path: ['importJobId'] });

/** POST /api/admin/reset-processing: the signed-in admin's password, checked again. */
export const resetProcessingSchema = z.strictObject({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000, 'Password is too long'),
});

/** Reprocessing keeps what an admin edited or reviewed unless `overwriteEdited` is true. */
const overwriteEdited = z.boolean({ error: 'overwriteEdited must be true or false' }).default(false);

/** POST /api/admin/reprocess-policy/{id}: no body, or `{ overwriteEdited }`. */
export const reprocessPolicySchema = z.strictObject({ overwriteEdited });

/** POST /api/admin/reprocess-policies: one batch. */
export const reprocessPoliciesSchema = z.strictObject({ policyIds: policyIdsSchema.shape.policyIds, overwriteEdited });

/**
 * POST /api/admin/reprocess-policy/{id}/preview and /api/admin/reprocess-policies/preview: what a
 * reprocessing would change and keep, for the confirmation, nothing written. `ran` is false for
 * an LLM, which isn't asked for a preview: `changes` are then what its answer replaces by rule.
 */
export type ReprocessPreview = {
  analyser: string;
  ran: boolean;
  /** How many of the policies named would be reprocessed (those with Chinese text). */
  policies: number;
  /** `from` and `to` for a single policy; `policies` counts the ones each part changes in. */
  changes: { part: string; label: string; policies: number; from: string | null; to: string | null }[];
  kept: { part: string; label: string; policies: number; because: 'edited' | 'reviewed' | 'richer' }[];
};

/** The Database File Upload card's rules (spec sections 7 and 9), checked by the card and enforced by the API. */
export const importFileRules = { extensions: ['db', 'sqlite', 'sqlite3', 'sql'] as const, maxMegabytes: 1024, timeoutMs: 120_000 };
export const invalidFileTypeMessage = 'Invalid file type. Accepted types: db, sqlite, sqlite3, sql';
export const fileTooLargeMessage = (maxMegabytes: number) => `File is too large. Maximum size: ${maxMegabytes}MB`;
export const noStoriesMessage = 'No stories found in the database file.';
