import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { criteriaParams } from '../../../api/shared/criteria-params.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { call, rpc } from './client.ts';

/** A search as the web app asks it: the criteria (api/shared/search.ts), what is left out taking its default. */
export type SearchAsked = Partial<SearchCriteria>;

const thirtySeconds = 30_000;
const fiveMinutes = 5 * 60_000;

export const searchKeys = {
  all: ['search'] as const,
  // Keyed by the criteria's one serialisation: the same search is one entry, whichever page asked it.
  policies: (criteria: SearchAsked) => [...searchKeys.all, 'policies', criteriaParams(criteria)] as const,
  chineseMatches: (criteria: SearchAsked) => [...searchKeys.all, 'chinese-matches', criteriaParams(criteria)] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
};

/** The search page's results: fresh 30 s, kept 5 min, the previous page shown while the next loads. */
export function policySearchQuery(criteria: SearchAsked) {
  return queryOptions({
    queryKey: searchKeys.policies(criteria),
    queryFn: () => call(rpc.search.$get({ query: criteriaParams(criteria) })),
    staleTime: thirtySeconds,
    gcTime: fiveMinutes,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}

/**
 * The dashboard's Chinese matches of its English query: fresh 30 s, kept 5 min, the previous ones
 * shown while the next load. Order and page do not change them, so they are left out of the ask.
 */
export function chineseMatchesQuery({ sortBy: _order, page: _page, pageSize: _pageSize, ...criteria }: SearchAsked) {
  return queryOptions({
    queryKey: searchKeys.chineseMatches(criteria),
    queryFn: () => call(rpc.search['chinese-matches'].$get({ query: criteriaParams(criteria) })),
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
