import { searchQuerySchema, type SearchCriteria } from './search.ts';

/**
 * Search criteria as a URL's search parameters: the one serialisation, read back by
 * `searchQuerySchema` (./search.ts). Lists go as JSON arrays, dates as YYYY-MM-DD; what is left
 * unsaid (no query, an empty list, the first page, the default page size) is left out, so one
 * search has one address and one key in every cache.
 */
export function criteriaParams(criteria: Partial<SearchCriteria>): Record<string, string> {
  const params: Record<string, string> = {};
  if (criteria.q) params.q = criteria.q;
  if (criteria.departments?.length) params.departments = JSON.stringify(criteria.departments.map((department) => ('id' in department ? department.id : department.code)));
  for (const key of ['industries', 'topics', 'translation', 'effectiveness'] as const) {
    if (criteria[key]?.length) params[key] = JSON.stringify(criteria[key]);
  }
  if (criteria.startDate) params.startDate = criteria.startDate;
  if (criteria.endDate) params.endDate = criteria.endDate;
  if (criteria.sortBy) params.sortBy = criteria.sortBy;
  if (criteria.minImportance !== undefined) params.minImportance = String(criteria.minImportance);
  if (criteria.maxImportance !== undefined) params.maxImportance = String(criteria.maxImportance);
  if (criteria.page !== undefined && criteria.page !== 1) params.page = String(criteria.page);
  if (criteria.pageSize !== undefined && criteria.pageSize !== defaultPageSize) params.pageSize = String(criteria.pageSize);
  return params;
}

/** The page size when none is asked for (searchQuerySchema's default). */
export const defaultPageSize = 20;

/**
 * Search criteria read leniently from a URL's search parameters, as a page's address holds them:
 * each parameter is read by its own field of `searchQuerySchema`, and one that field refuses is
 * dropped while the rest stand (a stale or hand-edited link still opens the page). Values may come
 * already decoded from JSON (a router's parsing); they are read as the text the URL carried.
 * Unlike the API, nothing absent is filled in with a default and the fields are not compared.
 */
export function readCriteriaParams(params: Record<string, unknown>): Partial<SearchCriteria> {
  const criteria: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(searchQuerySchema.shape)) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    const read = field.safeParse(typeof value === 'string' ? value : JSON.stringify(value));
    if (read.success && read.data !== undefined && read.data !== '') criteria[key] = read.data;
  }
  return criteria as Partial<SearchCriteria>;
}
