import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsInterval } from '../../../api/shared/analytics.ts';
import { criteriaParams } from '../../../api/shared/criteria-params.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { call, rpc } from './client.ts';

/** What a page of charts asks: the search's criteria and a range (api/shared/analytics.ts). */
export type AnalyticsAsked = { criteria: Partial<SearchCriteria>; interval: AnalyticsInterval; from?: string | undefined; to?: string | undefined };

const range = ({ interval, from, to }: AnalyticsAsked) => ({ interval, ...(from ? { from } : {}), ...(to ? { to } : {}) });

/** A page's one call: fresh 30 s, kept 5 min, the previous charts shown while the next load. */
export function analyticsOverviewQuery(asked: AnalyticsAsked) {
  const query = { ...criteriaParams(asked.criteria), ...range(asked) };
  return queryOptions({
    queryKey: ['analytics', 'overview', query] as const,
    queryFn: () => call(rpc.analytics.overview.$get({ query })),
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}
