import { savedSearchQuerySchema, type SavedSearchQuery } from '../shared/saved-search-schemas.ts';

/**
 * A saved search's query as the database holds it, read as criteria by the one saved-query schema.
 * Rows written before saved searches kept the criteria themselves name the importance range
 * `importanceMin` and `importanceMax`: they are read under the criteria's names, and everything
 * else of theirs (departments as codes or ids) the criteria read as it is. Every read checks the
 * row again, as the criteria's rules may have changed since it was written; it throws when they
 * refuse it.
 */
export function readStoredQuery(stored: unknown): SavedSearchQuery {
  if (typeof stored !== 'object' || stored === null) return savedSearchQuerySchema.parse(stored);
  const { importanceMin, importanceMax, ...query } = stored as Record<string, unknown>;
  return savedSearchQuerySchema.parse({
    ...query,
    ...(importanceMin !== undefined ? { minImportance: importanceMin } : {}),
    ...(importanceMax !== undefined ? { maxImportance: importanceMax } : {}),
  });
}
