import type { SearchMiddleware } from '@tanstack/react-router';
import { analyticsRangeSchema, type AnalyticsInterval } from '../../../api/shared/analytics.ts';
import { readCriteriaParams } from '../../../api/shared/criteria-params.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { searchAddressOf } from '../search/search-address.ts';

/** A page of charts' address: the search's criteria (their one serialisation) and the range. */
export type AnalyticsPageSearch = Partial<SearchCriteria> & { interval?: AnalyticsInterval; from?: string; to?: string };

/** Read leniently, as the search page reads its criteria: a value its field refuses is dropped. */
export function readAnalyticsSearch(params: Record<string, unknown>): AnalyticsPageSearch {
  const range: Record<string, string> = {};
  for (const [key, field] of Object.entries(analyticsRangeSchema.shape)) {
    const read = field.safeParse(params[key]);
    if (read.success && read.data !== undefined) range[key] = read.data;
  }
  return { ...readCriteriaParams(params), ...(range as Omit<AnalyticsPageSearch, keyof SearchCriteria>) };
}

/** The router writes the criteria through their one serialisation, and the range as it is. */
export const writeAnalyticsAddress: SearchMiddleware<AnalyticsPageSearch> = ({ search, next }) => {
  const { interval, from, to, ...criteria } = next(search);
  return { ...searchAddressOf(criteria), ...(interval ? { interval } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) } as AnalyticsPageSearch;
};
