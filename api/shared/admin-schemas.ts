import { z } from 'zod';
import type { PolicyFullContent } from '../../db/policy-content.ts';
import type { StoryStatus } from '../../db/schema/operations.ts';
import type { Role } from '../../db/schema/users.ts';
import type { SearchRebuildStatus } from '../../vocabulary/search-rebuild-status.ts';
import { translationStatuses, type TranslationStatus } from '../../vocabulary/translation-status.ts';
import { optionalParam, recordId, wholeNumber } from './params.ts';
import type { PolicyTag } from './search.ts';
import { findTextProblem } from './text-rules.ts';

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
  })
  .superRefine((query, ctx) => {
    if (query.sortDirection && !query.sortBy) ctx.addIssue({ code: 'custom', path: ['sortDirection'], message: 'needs sortBy' });
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
export const policyFieldLimits = { title: 500, description: 10_000, sourceUrl: 2_000, document: 1_000_000 } as const;

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

/** The spec's date text, YYYY-MM-DD, and a real day. */
const policyDate = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

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
  title: z.string().trim().min(1, 'must not be empty').max(policyFieldLimits.title, `must be at most ${policyFieldLimits.title} characters`).optional(),
  time: policyDate.optional(),
  description: z.string().max(policyFieldLimits.description, `must be at most ${policyFieldLimits.description} characters`).optional(),
  impact: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 10').max(10, 'must be between 1 and 10').optional(),
  departmentId: recordId().optional(),
  /** The editor sends the department's name too; the id is what is stored. */
  department: z.unknown().optional(),
  source_url: z
    .string()
    .trim()
    .max(policyFieldLimits.sourceUrl, `must be at most ${policyFieldLimits.sourceUrl} characters`)
    .refine((url) => url === '' || /^https?:\/\/\S+$/.test(url), 'must be an http(s) address')
    .transform((url) => url || null)
    .nullable()
    .optional(),
  chinese_original: documentText.optional(),
  english_translation: translationText.optional(),
  /** Confirm the English text (`reviewed`) or return it to `machine`. */
  translationReviewed: z.boolean().optional(),
  tags: z.array(editorTag).max(200, 'may hold at most 200 tags').optional(),
  fullContent: fullContentBody.optional(),
});
export type PolicyUpdate = z.input<typeof policyUpdateSchema>;

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
  chinese_original: string | null;
  english_translation: string | null;
  translation: { status: TranslationStatus; reviewedAt: string | null; reviewedBy: { id: number; name: string } | null };
  tags: PolicyTag[];
  fullContent: PolicyFullContent;
  /** Fields an admin has changed; the analyser's reprocessing leaves them alone. */
  editedFields: string[];
  /** Why the analyser scored the importance as it did (empty for policies written by hand). */
  importanceReasons: string[];
  updatedAt: string;
};

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

/** The Dashboard tab's System Status: each part as it is now, not a static "Online". */
export type SystemStatus = {
  database: { ok: boolean; error: string | null };
  search: { ok: boolean; error: string | null; documents: number | null; outboxBacklog: number | null; outboxOldestAgeSeconds: number | null };
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
});


/** A row of the Story Processing queue. */
export type StoryRow = { id: number; title: string; url: string | null; status: StoryStatus; error: string | null; createdAt: string };

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

/** The Database File Upload card's rules (spec sections 7 and 9), checked by the card and enforced by the API. */
export const importFileRules = { extensions: ['db', 'sqlite', 'sqlite3', 'sql'] as const, maxMegabytes: 1024, timeoutMs: 120_000 };
export const invalidFileTypeMessage = 'Invalid file type. Accepted types: db, sqlite, sqlite3, sql';
export const fileTooLargeMessage = (maxMegabytes: number) => `File is too large. Maximum size: ${maxMegabytes}MB`;
export const noStoriesMessage = 'No stories found in the database file.';
