import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchResponse, SearchSort, SuggestResponse } from '../../../api/shared/search.ts';
import { api, queryString } from './client.ts';

/** GET /api/search parameters (spec section 7): arrays go as JSON, dates as YYYY-MM-DD. */
export type PolicySearchParams = {
  q?: string | undefined;
  departments?: readonly string[] | undefined;
  industries?: readonly string[] | undefined;
  topics?: readonly string[] | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  sortBy: SearchSort;
  minImportance?: number | undefined;
  maxImportance?: number | undefined;
  page: number;
  pageSize: number;
};

const thirtySeconds = 30_000;
const fiveMinutes = 5 * 60_000;

export const searchKeys = {
  all: ['search'] as const,
  policies: (params: PolicySearchParams) => [...searchKeys.all, 'policies', params] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
  dashboard: (requests: unknown) => [...searchKeys.all, 'dashboard', requests] as const,
};

function searchPath(params: PolicySearchParams): string {
  return `/api/search${queryString({ ...params })}`;
}

/** The search page's results: fresh 30 s, kept 5 min, the previous page shown while the next loads. */
export function policySearchQuery(params: PolicySearchParams) {
  return queryOptions({
    queryKey: searchKeys.policies(params),
    queryFn: () => api.get<SearchResponse>(searchPath(params)),
    staleTime: thirtySeconds,
    gcTime: fiveMinutes,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}

/** The search bar's dropdown: fresh 30 s, kept 5 min. */
export function suggestionsQuery(q: string) {
  return queryOptions({
    queryKey: searchKeys.suggestions(q),
    queryFn: () => api.get<SuggestResponse>(`/api/search/suggest${queryString({ q })}`),
    staleTime: thirtySeconds,
    gcTime: fiveMinutes,
    refetchOnWindowFocus: false,
  });
}
