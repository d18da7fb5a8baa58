import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { defaultTagColor, type IndustryColor } from '../../../api/shared/policy-card.ts';
import { call, rpc } from './client.ts';

export type { Department, Industry, Topic } from '../../../api/shared/search.ts';

const fiveMinutes = 5 * 60_000;

export const departmentsQuery = queryOptions({
  queryKey: ['departments'],
  queryFn: () => call(rpc.departments.$get()),
  staleTime: fiveMinutes,
});

export const industriesQuery = queryOptions({
  queryKey: ['industries'],
  queryFn: () => call(rpc.industries.$get()),
  staleTime: fiveMinutes,
});

export const topicsQuery = queryOptions({
  queryKey: ['topics'],
  queryFn: () => call(rpc.topics.$get()),
  staleTime: fiveMinutes,
});

/** Each industry's colour token as GET /api/industries sends it (blue until the list has loaded). */
export function useIndustryColor(): IndustryColor {
  const { data: industries } = useQuery(industriesQuery);
  return useCallback(
    (industryId: number) => industries?.find((industry) => industry.id === industryId)?.color ?? defaultTagColor,
    [industries],
  );
}
