import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

export type Department = { id: number; code: string; fullName: string };
export type Industry = { id: number; name: string; color?: string };
export type Topic = { id: number; code: string; name_en: string };

const fiveMinutes = 5 * 60_000;

export const departmentsQuery = queryOptions({
  queryKey: ['departments'],
  queryFn: () => api.get<Department[]>('/api/departments'),
  staleTime: fiveMinutes,
});

export const industriesQuery = queryOptions({
  queryKey: ['industries'],
  queryFn: () => api.get<Industry[]>('/api/industries'),
  staleTime: fiveMinutes,
});

export const topicsQuery = queryOptions({
  queryKey: ['topics'],
  queryFn: () => api.get<Topic[]>('/api/topics'),
  staleTime: fiveMinutes,
});
