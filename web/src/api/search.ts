import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchSort } from '../../../api/shared/search.ts';
import type { TranslationStatus } from '../../../vocabulary/translation-status.ts';
import { call, queryParams, rpc } from './client.ts';

/** GET /api/search parameters (spec section 7): arrays go as JSON, dates as YYYY-MM-DD. */
export type PolicySearchParams = {
  q?: string | undefined;
  departments?: readonly string[] | undefined;
  industries?: readonly string[] | undefined;
  topics?: readonly string[] | undefined;
  translation?: readonly TranslationStatus[] | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  sortBy: SearchSort;
  minImportance?: number | undefined;
  maxImportance?: number | undefined;
  page: number;
  pageSize: number;
};

/** The Chinese matches take the search's query and filters; order and page do not change them. */
export type ChineseMatchesParams = Omit<PolicySearchParams, 'sortBy' | 'page' | 'pageSize'>;

const thirtySeconds = 30_000;
const fiveMinutes = 5 * 60_000;

export const searchKeys = {
  all: ['search'] as const,
  policies: (params: PolicySearchParams) => [...searchKeys.all, 'policies', params] as const,
  chineseMatches: (params: ChineseMatchesParams) => [...searchKeys.all, 'chinese-matches', params] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
  dashboard: (requests: unknown) => [...searchKeys.all, 'dashboard', requests] as const,
};

/** The search page's results: fresh 30 s, kept 5 min, the previous page shown while the next loads. */
export function policySearchQuery(params: PolicySearchParams) {
  return queryOptions({
    queryKey: searchKeys.policies(params),
    queryFn: () => call(rpc.search.$get({ query: queryParams({ ...params }) })),
    staleTime: thirtySeconds,
    gcTime: fiveMinutes,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's Chinese matches of its English query: fresh 30 s, kept 5 min, the previous ones shown while the next load. */
export function chineseMatchesQuery(params: ChineseMatchesParams) {
  return queryOptions({
    queryKey: searchKeys.chineseMatches(params),
    queryFn: () => call(rpc.search['chinese-matches'].$get({ query: queryParams({ ...params }) })),
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
    queryFn: () => call(rpc.search.suggest.$get({ query: { q } })),
    staleTime: thirtySeconds,
    gcTime: fiveMinutes,
    refetchOnWindowFocus: false,
  });
}
