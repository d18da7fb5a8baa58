import { queryOptions } from '@tanstack/react-query';
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
