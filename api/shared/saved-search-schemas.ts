import { z } from 'zod';
import { alertFrequencies, maxSavedSearches, type AlertFrequency } from '../../vocabulary/alerts.ts';
import { translationStatuses } from '../../vocabulary/translation-status.ts';
import { criteriaParams } from './criteria-params.ts';
import { searchQuerySchema, type SearchCriteria } from './search.ts';
import { withoutControlCharacters } from './text-rules.ts';

/**
 * Request bodies and answers of /api/saved-searches, shared with the web app. A saved query is
 * checked by the search's own parameter parsing (searchQuerySchema) after it is written as the
 * search's query string, so a saved search's hits are exactly what the same search shows.
 * No server code may be imported here.
 */

export { alertFrequencies, maxSavedSearches, type AlertFrequency } from '../../vocabulary/alerts.ts';

/** The JSON form of a saved query: the search's parameters, arrays as arrays. */
const savedQueryShape = z.strictObject({
  q: z.string({ error: 'q must be text' }).max(2_000, 'q is too long').optional(),
  departments: z.array(z.union([z.string(), z.number()]), { error: 'departments must be a list of codes or ids' }).optional(),
  industries: z.array(z.string(), { error: 'industries must be a list of names' }).optional(),
  topics: z.array(z.string(), { error: 'topics must be a list of topic codes' }).optional(),
  translation: z.array(z.enum(translationStatuses), { error: `translation must be a list of ${translationStatuses.join(', ')}` }).optional(),
  startDate: z.string({ error: 'startDate must be an ISO date' }).optional(),
  endDate: z.string({ error: 'endDate must be an ISO date' }).optional(),
  importanceMin: z.number({ error: 'importanceMin must be a number' }).int('importanceMin must be a whole number').optional(),
  importanceMax: z.number({ error: 'importanceMax must be a number' }).int('importanceMax must be a whole number').optional(),
});
export type SavedSearchQuery = z.output<typeof savedQueryShape>;

/** The saved query's names for the criteria's fields that are named otherwise (stored rows keep them). */
const fieldOfParameter: Record<string, string> = { minImportance: 'importanceMin', maxImportance: 'importanceMax' };

/**
 * A saved query as /api/search's query string (also how the web app opens it on the search page),
 * through the criteria's one serialisation; empty parts are left out.
 */
export function searchParamsOf({ departments, importanceMin, importanceMax, ...query }: SavedSearchQuery): Record<string, string> {
  return criteriaParams({
    ...query,
    departments: departments?.map((department) => (typeof department === 'number' ? { id: department } : { code: department })),
    minImportance: importanceMin,
    maxImportance: importanceMax,
  });
}

/** The search criteria of a saved query, as /api/search would read them from the same search (first page). */
export function criteriaOf(query: SavedSearchQuery): SearchCriteria {
  return searchQuerySchema.parse(searchParamsOf(query));
}

/**
 * A saved query, validated by the search's parsing and stored in its normal form (the text as
 * the search reads it, codes in upper case), so what is listed is what is searched.
 */
export const savedSearchQuerySchema = savedQueryShape.transform((query, ctx): SavedSearchQuery => {
  const parsed = searchQuerySchema.safeParse(searchParamsOf(query));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, ...rest] = issue.path;
      const field = typeof first === 'string' ? (fieldOfParameter[first] ?? first) : first;
      ctx.addIssue({ code: 'custom', path: field === undefined ? [] : [field, ...rest], message: issue.message });
    }
    return z.NEVER;
  }
  const criteria = parsed.data;
  return {
    ...(criteria.q ? { q: criteria.q } : {}),
    ...(criteria.departments?.length
      ? { departments: criteria.departments.map((department) => ('id' in department ? department.id : department.code)) }
      : {}),
    ...(criteria.industries?.length ? { industries: criteria.industries } : {}),
    ...(criteria.topics?.length ? { topics: criteria.topics } : {}),
    ...(criteria.translation?.length ? { translation: criteria.translation } : {}),
    ...(criteria.startDate ? { startDate: criteria.startDate } : {}),
    ...(criteria.endDate ? { endDate: criteria.endDate } : {}),
    ...(criteria.minImportance !== undefined ? { importanceMin: criteria.minImportance } : {}),
    ...(criteria.maxImportance !== undefined ? { importanceMax: criteria.maxImportance } : {}),
  };
});

export const savedSearchNameSchema = withoutControlCharacters(
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  'Name',
);

const alertSchema = z.enum(alertFrequencies, { error: `alert must be one of ${alertFrequencies.join(', ')}` });

export const createSavedSearchSchema = z.strictObject({
  name: savedSearchNameSchema,
  query: savedSearchQuerySchema,
  alert: alertSchema.default('off'),
});
export type CreateSavedSearch = z.input<typeof createSavedSearchSchema>;

export const updateSavedSearchSchema = z
  .strictObject({
    name: savedSearchNameSchema.optional(),
    query: savedSearchQuerySchema.optional(),
    alert: alertSchema.optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), 'Nothing to change: send name, query or alert');
export type UpdateSavedSearch = z.input<typeof updateSavedSearchSchema>;

/** What the calls answer per saved search. `feedUrl` needs the owner's feed token added (`?token=`). */
export type SavedSearch = {
  id: number;
  name: string;
  query: SavedSearchQuery;
  alert: AlertFrequency;
  createdAt: string;
  updatedAt: string;
  /** The policies the search finds for its owner now (entitlement included). */
  hitCount: number;
  feedUrl: { atom: string; rss: string };
};

export const tooManySavedSearchesMessage = `You can keep at most ${maxSavedSearches} saved searches. Delete one to save another.`;

/** POST /api/user/feed-token's answer: the token, shown once. */
export type FeedTokenAnswer = { token: string; createdAt: string };
/** GET /api/user/feed-token: whether a token exists (the token itself is never shown again). */
export type FeedTokenStatus = { createdAt: string | null };
