import { z } from 'zod';
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
  return savedSearchQuerySchema.parse(isRecord(stored) ? withCriteriaNames(stored) : stored);
}

/**
 * A stored query read for its owner to see and mend: the criteria today's rules refuse (a filter
 * value that no longer exists) are left out and named in `outdated`, so one old row never stops
 * the owner's whole list. What runs for the owner (alerts, feeds, counts) reads the row strictly
 * and matches nothing until the owner saves it again.
 */
export function readStoredQueryForOwner(stored: unknown): { query: SavedSearchQuery; outdated: string[] } {
  if (!isRecord(stored)) return { query: savedSearchQuerySchema.parse({}), outdated: ['query'] };
  let query = withCriteriaNames(stored);
  const outdated: string[] = [];
  for (;;) {
    const read = savedSearchQuerySchema.safeParse(query);
    if (read.success) return { query: read.data, outdated };
    const refused = refusedCriteria(read.error, query);
    // A refusal no single criterion carries (the row is not an object at all): nothing of it is kept.
    if (refused.length === 0) return { query: savedSearchQuerySchema.parse({}), outdated: [...outdated, ...Object.keys(query)] };
    outdated.push(...refused);
    query = Object.fromEntries(Object.entries(query).filter(([name]) => !refused.includes(name)));
  }
}

const isRecord = (stored: unknown): stored is Record<string, unknown> => typeof stored === 'object' && stored !== null && !Array.isArray(stored);

function withCriteriaNames(stored: Record<string, unknown>): Record<string, unknown> {
  const { importanceMin, importanceMax, ...query } = stored;
  return {
    ...query,
    ...(importanceMin !== undefined ? { minImportance: importanceMin } : {}),
    ...(importanceMax !== undefined ? { maxImportance: importanceMax } : {}),
  };
}

/** The stored criteria an error names (an unknown key is named by the error's `keys`). */
function refusedCriteria(error: z.ZodError, query: Record<string, unknown>): string[] {
  const names = error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys;
    const [first] = issue.path;
    return typeof first === 'string' ? [first] : [];
  });
  return [...new Set(names)].filter((name) => name in query);
}
