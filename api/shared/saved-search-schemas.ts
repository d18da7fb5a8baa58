import { z } from 'zod';
import { alertFrequencies, maxSavedSearches, type AlertFrequency } from '../../vocabulary/alerts.ts';
import { defaultPageSize } from './criteria-params.ts';
import { checkRanges, criteriaFields, type SearchCriteria } from './search.ts';
import { withoutControlCharacters } from './text-rules.ts';

/**
 * Request bodies and answers of /api/saved-searches, shared with the web app. A saved search's
 * query is the search's criteria (./search.ts) without their order and page, checked by the
 * criteria's own fields: one shape from the request to the database and back, so its hits are
 * exactly what the same search shows. No server code may be imported here.
 */

export { alertFrequencies, maxSavedSearches, type AlertFrequency } from '../../vocabulary/alerts.ts';

/** What a saved search keeps: the criteria, less the order and page (its count, alerts and feed are of every page). */
const savedCriteria = criteriaFields.omit({ sortBy: true, page: true, pageSize: true }).strict().superRefine(checkRanges);
export type SavedSearchQuery = z.output<typeof savedCriteria>;

/**
 * A saved query as JSON (a request body, a stored row), read by the criteria's fields: each value
 * as its URL parameter carries it, lists and numbers written as JSON (as readCriteriaParams reads a
 * router's decoded values).
 */
export const savedSearchQuerySchema = z.preprocess(
  (json) =>
    typeof json === 'object' && json !== null && !Array.isArray(json)
      ? Object.fromEntries(Object.entries(json).map(([name, value]) => [name, typeof value === 'string' || value === undefined ? value : JSON.stringify(value)]))
      : json,
  savedCriteria,
);

/** A search's criteria as a saved search keeps them: without their order and page. */
export function savedQueryOf({ sortBy: _sortBy, page: _page, pageSize: _pageSize, ...query }: Partial<SearchCriteria>): Partial<SavedSearchQuery> {
  return query;
}

/** The search a saved query runs: its first page, in the default order. */
export function criteriaOf(query: SavedSearchQuery): SearchCriteria {
  return { ...query, page: 1, pageSize: defaultPageSize };
}

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
  /**
   * The criteria of the stored search that today's rules refuse (a filter value that no longer
   * exists), left out of `query`: until the owner saves it again it matches nothing. Empty when
   * the search is whole.
   */
  outdatedFilters: string[];
  feedUrl: { atom: string; rss: string };
};

export const tooManySavedSearchesMessage = `You can keep at most ${maxSavedSearches} saved searches. Delete one to save another.`;

/** POST /api/user/feed-token's answer: the token, shown once. */
export type FeedTokenAnswer = { token: string; createdAt: string };
/** GET /api/user/feed-token: whether a token exists (the token itself is never shown again). */
export type FeedTokenStatus = { createdAt: string | null };
