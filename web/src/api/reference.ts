import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { call, rpc } from './client.ts';

export type Department = InferResponseType<typeof rpc.departments.$get, 200>[number];
export type Industry = InferResponseType<typeof rpc.industries.$get, 200>[number];
export type Topic = InferResponseType<typeof rpc.topics.$get, 200>[number];

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
